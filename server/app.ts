/**
 * The request path of the production server: a request's target is parsed once, then the request
 * goes through STAGES, in order, until one answers it. The order is what keeps the server safe:
 * refusals before anything reads the request, the rate limit before any answer it covers, Astro
 * last, never seeing a path it must not.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestTarget } from '../src/api/request-target.ts';
import { createApiAnswerer, sendApiResponse } from './api-response.ts';
import { prepareCards, sendCard } from './discovery-cards.ts';
import { policyOnWriteHead, sendError, sendNotFoundPage, setHeaders } from './error-response.ts';
import type { Build } from './load-build.ts';
import type { Log } from './log.ts';
import { createMcpListener, rpcError } from './mcp-http.ts';
import type { createWorkerMetrics } from './metrics.ts';
import { NO_FIELDS, type createRateLimit, type RateLimitFields } from './rate-limit.ts';
import { logRequest } from './request-log.ts';
import { createFileSender, safePath } from './static-files.ts';

/** What the worker gives the request path beside its build. */
interface Worker {
  log: Log;
  logRequests: boolean;
  draining: () => boolean;
  metrics: ReturnType<typeof createWorkerMetrics> | null;
  rateLimit: ReturnType<typeof createRateLimit>;
}

/** What every stage may use, made once per worker: the build, the worker's state, and their answerers. */
function partsOf(build: Build, worker: Worker) {
  const { api, catalog, cache, siteOrigin } = build;
  const service = { build: build.id, draining: worker.draining };
  return {
    ...build,
    ...worker,
    mcp: createMcpListener({ api, catalog, cache, service }, worker.metrics),
    answerApiRequest: createApiAnswerer(api, catalog, cache, service),
    files: createFileSender(build.clientDir, build.clientFiles, api, cache),
    cards: prepareCards(api, siteOrigin),
    // The site allows what the API allows; only OPTIONS is answered without a file.
    readMethods: new Set<string | undefined>(api.ALLOWED_METHODS.split(', ').filter((method) => method !== 'OPTIONS')),
    canonicalHost: new URL(siteOrigin).host,
  };
}

/** One request on its way through the stages. */
interface Request {
  parts: ReturnType<typeof partsOf>;
  req: IncomingMessage;
  res: ServerResponse;
  target: RequestTarget;
  /** The RateLimit fields of the answer of a limited path. */
  limit: RateLimitFields;
  /** The API's request id of the answer, for the request line. */
  requestId: string | null;
}

/** What a stage returns to pass the request on to the next one. */
const NEXT = Symbol('next');
/** NEXT, or the request is answered (a Promise when the answer is awaited: MCP, Astro). */
type Answered = typeof NEXT | Promise<void> | void;

/** Headers a client could use to make a framework build its URL on another host or scheme. */
const FORWARDED_HEADERS = ['forwarded', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-forwarded-for', ':authority'];

/** Whether a request carries more than one Host header (nginx refuses it; node:http keeps the first). */
function twoHosts(raw: string[]): boolean {
  let hosts = 0;
  for (let at = 0; at < raw.length; at += 2) if (raw[at]!.length === 4 && raw[at]!.toLowerCase() === 'host') hosts += 1;
  return hosts > 1;
}

/**
 * Makes the request what a framework that builds a URL from it (Astro, the MCP SDK) may see: the
 * parsed target on the build's own origin, never the client's Host or forwarding headers, which
 * could name another host or be no URL at all.
 */
function onCanonicalOrigin({ parts, req, target }: Request): void {
  req.url = target.search === '' ? target.path : `${target.path}?${target.search}`;
  for (const name of FORWARDED_HEADERS) delete req.headers[name];
  req.headers.host = parts.canonicalHost;
}

/** The API's envelope under /api, JSON-RPC's Invalid Request on /mcp, the site's text elsewhere. */
function refuse(request: Request): Answered {
  const { parts, req, res, target } = request;
  const refusal = target.refusal ?? (twoHosts(req.rawHeaders) ? 'A request carries one Host header.' : undefined);
  if (refusal === undefined) return NEXT;
  const { api } = parts;
  if (api.isApiPath(target.path)) {
    const result = api.answerRefused(req.method ?? 'GET', target, {}, 'invalid_request', refusal);
    request.requestId = result.headers['X-Request-Id'] ?? null;
    return sendApiResponse(req, res, result, api.SECURITY_HEADERS);
  }
  setHeaders(res, api.securityHeadersFor(target.path));
  if (target.path === api.MCP_PATH) return rpcError(res, 400, api.rpcErrorBody(refusal));
  return sendError(req, res, 400, api);
}

/** admit() answers 429 (null), or gives the RateLimit fields the answer carries. */
function limitRate(request: Request): Answered {
  const { parts, req, res, target } = request;
  if (!parts.rateLimit.covers(target.path)) return NEXT;
  const admitted = parts.rateLimit.admit(req, res, target);
  if (admitted === null) return;
  request.limit = admitted;
  return NEXT;
}

/** The hot path: every header goes out in one writeHead, none through setHeader. */
function answerApi(request: Request): Answered {
  const { parts, req, res, target } = request;
  if (!parts.api.isApiPath(target.path)) return NEXT;
  request.requestId = parts.answerApiRequest(req, res, target, parts.draining(), request.limit);
}

function serverFields({ parts, res, limit }: Request): Answered {
  if (parts.draining()) res.setHeader('Connection', 'close');
  if (limit !== NO_FIELDS) setHeaders(res, limit);
  return NEXT;
}

function answerCard({ parts, req, res, target }: Request): Answered {
  const card = parts.readMethods.has(req.method) ? parts.cards.get(target.path) : undefined;
  return card === undefined ? NEXT : sendCard(req, res, card);
}

/** Its prepared answer carries every header, the page's security headers too. */
function answerFile({ parts, req, res, target }: Request): Answered {
  if (target.path === parts.api.MCP_PATH || !parts.readMethods.has(req.method)) return NEXT;
  const file = parts.files.fileFor(target.path);
  return file === undefined ? NEXT : parts.files.send(req, res, file);
}

function secure({ parts, res, target }: Request): Answered {
  setHeaders(res, parts.api.securityHeadersFor(target.path));
  return NEXT;
}

function answerMcp(request: Request): Answered {
  if (request.target.path !== request.parts.api.MCP_PATH) return NEXT;
  onCanonicalOrigin(request);
  return request.parts.mcp(request.req, request.res);
}

function preflight({ parts, req, res }: Request): Answered {
  if (req.method !== 'OPTIONS') return NEXT;
  res.writeHead(204, parts.api.PREFLIGHT_HEADERS).end();
}

function notAllowed({ parts, req, res }: Request): Answered {
  if (parts.readMethods.has(req.method)) return NEXT;
  res.setHeader('Allow', parts.api.ALLOWED_METHODS);
  return sendError(req, res, 405, parts.api);
}

/**
 * Paths Astro must never see: a malformed or traversing one, its own framework routes (`/_image`,
 * `/_actions`, anything under a segment starting with `_`), any spelling it could decode to its
 * bundled copy of the API (`/API`, `/api%2Fprojects`), and one in another language than the default
 * (Astro has only files there).
 */
function notFound({ parts: { api, notFoundPages }, req, res, target }: Request): Answered {
  const decoded = safePath(target.path)?.toLowerCase();
  const locale = api.localeOfPath(target.path);
  if (decoded !== undefined && !decoded.startsWith('/_') && !api.isApiPath(decoded) && api.LOCALE_SEGMENTS[locale] === undefined)
    return NEXT;
  return sendNotFoundPage(req, res, notFoundPages[locale], api, locale);
}

function answerAstro(request: Request): Answered {
  onCanonicalOrigin(request);
  policyOnWriteHead(request.res, request.parts.api);
  return request.parts.astroHandler(request.req, request.res);
}

/** The stages of every request, in order (ARCHITECTURE.md#how-a-request-flows): the last one always answers. */
const STAGES = [
  refuse, // 400 for a target nginx would refuse or read otherwise, or two Host headers
  limitRate, // /api and /mcp count against the client's quota: 429 once it is spent
  answerApi, // /api/**: answerApi() (src/api/adapter.ts), written by api-response.ts
  serverFields, // below the API (whose answers carry them): a limited path's RateLimit fields, Connection: close when draining
  answerCard, // GET or HEAD of the MCP server card, the AI Catalog or the API catalog: discovery-cards.ts
  answerFile, // GET or HEAD of a file of dist/client: static-files.ts
  secure, // every answer from here on carries the policy's security headers of its path
  answerMcp, // /mcp: mcp-http.ts on the canonical URL
  preflight, // OPTIONS of any other path: the API's CORS preflight
  notAllowed, // any other method but GET and HEAD: 405 with Allow
  notFound, // the site's 404 page in the language of the path, for every path Astro must never see
  answerAstro, // the rest: Astro's handler on the canonical URL (redirects, the default language's 404)
];

/** Builds the listener for one loaded build; it returns a Promise only when the answer is awaited. */
export function createRequestListener(build: Build, worker: Worker): (req: IncomingMessage, res: ServerResponse) => Promise<void> | void {
  const parts = partsOf(build, worker);
  const { api, log, logRequests, metrics } = parts;
  return function listener(req, res) {
    const started = performance.now();
    const request: Request = { parts, req, res, target: api.parseTarget(req.url ?? '/'), limit: NO_FIELDS, requestId: null };
    metrics?.started(req);
    // One listener for the log and the metrics, one clock reading for both; none when both are off.
    if (logRequests || metrics) {
      res.on('close', () => {
        const milliseconds = performance.now() - started;
        if (logRequests) logRequest(log, req, res, request.target.path, milliseconds, request.requestId);
        metrics?.finished(req, res, request.target.path, milliseconds / 1000);
      });
    }
    for (const stage of STAGES) {
      const answered = stage(request);
      if (answered !== NEXT) return answered;
    }
  };
}
