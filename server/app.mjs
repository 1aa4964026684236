// @ts-check
/**
 * The request path of the production server, in one place: parse the target once, add the security
 * headers, then the API (every method under /api, JSON envelopes), or for the site: OPTIONS, 405
 * for write methods, a prerendered file from dist/client, or Astro (404 page, redirects).
 */
import { sendApiResponse } from './api-response.mjs';
import { logRequest } from './request-log.mjs';
import { SECURITY_HEADERS } from './security-headers.mjs';
import { safePath, sendFile, staticFileFor } from './static-files.mjs';

/**
 * Builds the listener for one loaded build.
 * @param {import('./build.mjs').Build} build
 * @param {{
 *   log: import('./log.mjs').Log,
 *   draining: () => boolean,
 *   metrics: ReturnType<typeof import('./metrics.mjs').createWorkerMetrics> | null,
 *   rateLimit: ReturnType<typeof import('./rate-limit.mjs').createRateLimit>,
 * }} process
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>}
 */
export function createRequestListener({ clientDir, astroHandler, api, catalog }, { log, draining, metrics, rateLimit }) {
  // The site allows what the API allows; only OPTIONS is answered without a file.
  const allow = api.ALLOWED_METHODS;
  const readMethods = new Set(allow.split(', ').filter((method) => method !== 'OPTIONS'));

  // A draining worker closes each connection after its response, so the client reconnects to another.
  const drainingHeaders = { ...SECURITY_HEADERS, Connection: 'close' };
  const securityHeaders = Object.entries(SECURITY_HEADERS);

  return async function listener(req, res) {
    const started = process.hrtime.bigint();
    const target = api.parseTarget(req.url ?? '/');
    /** @type {string | null} */
    let requestId = null;
    res.on('close', () => logRequest(log, req, res, target.path, started, requestId));
    metrics?.observe(req, res, target.path);
    // /api and /mcp count against the client's quota; a refusal has been answered (429).
    if (rateLimit.covers(target.path) && !(await rateLimit.admit(req, res, target))) return;

    const method = req.method ?? 'GET';
    if (api.isApiPath(target.path)) {
      const result = api.answerApi(method, target, req.headers, catalog);
      requestId = result.headers['X-Request-Id'] ?? null;
      // The hot path: every header goes out in one writeHead, none through setHeader.
      return sendApiResponse(req, res, result, draining() ? drainingHeaders : SECURITY_HEADERS);
    }
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    if (draining()) res.setHeader('Connection', 'close');

    if (method === 'OPTIONS') {
      res.writeHead(204, { Allow: allow }).end();
      return;
    }
    if (!readMethods.has(method)) {
      res
        .writeHead(405, { Allow: allow, 'Content-Type': 'text/plain; charset=utf-8' })
        .end('405 Method Not Allowed: this site is read-only.\n');
      return;
    }
    const path = safePath(target.path);
    if (path === undefined) {
      // Never look a malformed or traversing path up on disk; Astro renders the 404 page for it.
      req.url = '/404-not-found/';
      return void (await astroHandler(req, res));
    }
    const file = staticFileFor(clientDir, path);
    if (file) return sendFile(req, res, clientDir, file);
    await astroHandler(req, res);
  };
}
