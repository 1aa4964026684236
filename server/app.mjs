// @ts-check
/**
 * The request path of the production server, in one place: parse (and normalize) the target once,
 * then the API (every method under /api, JSON envelopes), a GET or HEAD of a file of dist/client
 * (static-files.mjs), or for the rest of the site: OPTIONS, 405 for write methods, the site's 404,
 * or Astro (redirects). Headers come from the one response policy (src/api/response-policy.ts, in
 * the API bundle).
 */
import { createApiAnswerer, flatHeaders, sendApiResponse } from './api-response.ts';
import { policyOnWriteHead, sendError, sendNotFoundPage } from './error-response.mjs';
import { createCardSender } from './discovery-cards.mjs';
import { createMcpListener, rpcError } from './mcp-http.ts';
import { NO_FIELDS } from './rate-limit.mjs';
import { logRequest } from './request-log.ts';
import { createFileSender, safePath } from './static-files.ts';

/** Headers a client could use to make a framework build its URL on another host or scheme. */
const FORWARDED_HEADERS = ['forwarded', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-forwarded-for', ':authority'];

/**
 * Paths Astro must never see: its own framework routes (`/_image`, `/_actions`, `/_server-islands`,
 * and anything else under a segment starting with `_`, which this site leaves to dist/client), and
 * any spelling Astro could decode to its bundled copy of the API (`/API`, `/api%2Fprojects`).
 * @param {string} decodedPath
 * @param {(path: string) => boolean} isApiPath
 */
function neverForAstro(decodedPath, isApiPath) {
  const lower = decodedPath.toLowerCase();
  return lower.startsWith('/_') || isApiPath(lower);
}

/** Whether a request carries more than one Host header (nginx refuses it; node:http keeps the first). @param {string[]} raw */
function twoHosts(raw) {
  let hosts = 0;
  for (let at = 0; at < raw.length; at += 2) if (raw[at]?.length === 4 && raw[at]?.toLowerCase() === 'host') hosts += 1;
  return hosts > 1;
}

/**
 * Builds the listener for one loaded build.
 * @param {import('./load-build.mjs').Build} build
 * @param {{
 *   log: import('./log.ts').Log,
 *   logRequests: boolean,
 *   draining: () => boolean,
 *   metrics: ReturnType<typeof import('./metrics.mjs').createWorkerMetrics> | null,
 *   rateLimit: ReturnType<typeof import('./rate-limit.mjs').createRateLimit>,
 * }} process
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void> | void}
 */
export function createRequestListener(
  { clientDir, astroHandler, api, catalog, cache, siteOrigin, notFoundPages },
  { log, logRequests, draining, metrics, rateLimit },
) {
  const mcp = createMcpListener({ api, catalog, cache }, metrics);
  const answerApiRequest = createApiAnswerer(api, catalog, cache);
  const files = createFileSender(clientDir, api, cache);
  const cards = createCardSender(api, siteOrigin);
  // The site allows what the API allows; only OPTIONS is answered without a file.
  const allow = api.ALLOWED_METHODS;
  const readMethods = new Set(allow.split(', ').filter((method) => method !== 'OPTIONS'));
  const canonicalHost = new URL(siteOrigin).host;

  /**
   * Makes the request what a framework that builds a URL from it (Astro, the MCP SDK) may see: the
   * parsed target on the build's own origin, never the client's Host or forwarding headers, which
   * could name another host or be no URL at all.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('../src/api/request-target.ts').RequestTarget} target
   */
  function onCanonicalOrigin(req, target) {
    req.url = target.search === '' ? target.path : `${target.path}?${target.search}`;
    for (const name of FORWARDED_HEADERS) delete req.headers[name];
    req.headers.host = canonicalHost;
  }

  /**
   * Sets the policy's security headers of `path` (a few fixed sets, each listed once: flatHeaders).
   * @param {import('node:http').ServerResponse} res @param {string} path
   */
  function withSecurityHeaders(res, path) {
    const security = flatHeaders(api.securityHeadersFor(path));
    for (let at = 0; at < security.length; at += 2)
      res.setHeader(/** @type {string} */ (security[at]), /** @type {string} */ (security[at + 1]));
  }

  /**
   * Refuses a request before anything reads it, with 400 and the security headers: a target nginx
   * would refuse or read otherwise (targetRefusal, src/api/request-target.ts), or two Host headers.
   * The API's envelope under /api, JSON-RPC's Invalid Request on /mcp, the site's text elsewhere.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {import('../src/api/request-target.ts').RequestTarget} target
   * @param {string} detail
   * @param {{ requestId: string | null }} logged
   */
  function refuse(req, res, target, detail, logged) {
    if (api.isApiPath(target.path)) {
      const result = api.answerUnparsable(req.method ?? 'GET', target, detail, 'invalid_request');
      logged.requestId = result.headers['X-Request-Id'] ?? null;
      return sendApiResponse(req, res, result, api.SECURITY_HEADERS);
    }
    withSecurityHeaders(res, target.path);
    if (target.path === api.MCP_PATH) return rpcError(res, api.rpcErrorBody, 400, detail);
    sendError(req, res, 400, api);
  }

  /**
   * Answers an admitted request; a Promise only when the answer is awaited (MCP, Astro), so the
   * API and files are answered without one.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {import('../src/api/request-target.ts').RequestTarget} target
   * @param {{ requestId: string | null }} logged what the request line needs from the answer
   * @param {import('./rate-limit.mjs').RateLimitFields} limit the RateLimit fields of a limited path
   * @returns {Promise<void> | void}
   */
  function answer(req, res, target, logged, limit) {
    const method = req.method ?? 'GET';
    if (api.isApiPath(target.path)) {
      // The hot path: every header goes out in one writeHead, none through setHeader.
      logged.requestId = answerApiRequest(req, res, target, draining(), limit);
      return;
    }
    if (draining()) res.setHeader('Connection', 'close');
    // The MCP server card and the AI Catalog: every method, since the card answers 405 itself.
    if (cards.has(target.path)) return cards.send(req, res, target.path, limit);
    // A GET or HEAD of a file: its prepared answer carries every header, the page's security headers too.
    const file = target.path !== api.MCP_PATH && readMethods.has(method) ? files.fileFor(target.path) : undefined;
    if (file !== undefined) return files.send(req, res, file);

    withSecurityHeaders(res, target.path);
    if (target.path === api.MCP_PATH) {
      for (const [name, value] of Object.entries(limit)) res.setHeader(name, value);
      onCanonicalOrigin(req, target);
      return mcp(req, res);
    }
    // The CORS preflight of any file, page or path: the API's (src/api/response-policy.ts).
    if (method === 'OPTIONS') {
      res.writeHead(204, api.PREFLIGHT_HEADERS).end();
      return;
    }
    if (!readMethods.has(method)) {
      res.setHeader('Allow', allow);
      return sendError(req, res, 405, api);
    }
    // A malformed or traversing path, one Astro must never see, or one of another language than
    // the default (Astro has only files there): the site's 404, in the language of the path.
    const path = safePath(target.path);
    const locale = api.localeOfPath(target.path);
    if (path === undefined || neverForAstro(path, api.isApiPath) || api.LOCALE_SEGMENTS[locale] !== undefined)
      return sendNotFoundPage(req, res, notFoundPages[locale], api, locale);
    onCanonicalOrigin(req, target);
    policyOnWriteHead(res, api);
    return astroHandler(req, res);
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @returns {Promise<void> | void} a Promise only when the answer is awaited
   */
  return function listener(req, res) {
    const started = performance.now();
    const target = api.parseTarget(req.url ?? '/');
    /** @type {{ requestId: string | null }} */
    const logged = { requestId: null };
    const methodIndex = metrics?.started(req.method) ?? 0;
    // One listener for the log and the metrics, one clock reading for both; none when both are off.
    if (logRequests || metrics) {
      res.on('close', () => {
        const milliseconds = performance.now() - started;
        if (logRequests) logRequest(log, req, res, target.path, milliseconds, logged.requestId);
        metrics?.finished(methodIndex, res, target.path, milliseconds / 1000);
      });
    }
    const refusal = api.targetRefusal(req.url ?? '/') ?? (twoHosts(req.rawHeaders) ? 'A request carries one Host header.' : undefined);
    if (refusal !== undefined) return refuse(req, res, target, refusal, logged);
    // /api and /mcp count against the client's quota: admit() gives the answer's RateLimit fields, or
    // null once it has answered 429. A lease decides synchronously: only a round trip to the primary is awaited.
    const admitted = rateLimit.covers(target.path) ? rateLimit.admit(req, res, target) : NO_FIELDS;
    if (admitted instanceof Promise)
      return admitted.then((limit) => (limit === null ? undefined : answer(req, res, target, logged, limit)));
    if (admitted !== null) return answer(req, res, target, logged, admitted);
  };
}
