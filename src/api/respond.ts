/**
 * Request in, response out: the one place that turns an HTTP request into an API response with the
 * envelope, request id and ETag (headers from response-policy.ts); every caller goes through adapter.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Catalog } from '../catalog/catalog.ts';
import { answerUpdated, httpDate, notModifiedSince } from '../catalog/dates.ts';
import { DEPRECATION_DOCS_PATH, deprecationHeaders, requestDeprecation } from '../catalog/deprecation.ts';
import { absoluteUrl } from '../site/config.ts';
import { REQUEST_ID_PATTERN } from '../schemas/api.ts';
import { ERROR_STATUS } from '../schemas/errors.ts';
import { ApiError } from './api-error.ts';
import { KEY_SEPARATOR } from './byte-cache.ts';
import type { WorkerCache } from './cache-kinds.ts';
import { codedBody, ENVELOPE_HEAD, PreparedPayload, type Coding } from './codings.ts';
import { CheckedQuery, checkValueLength, parseQuery } from './params.ts';
import type { Service } from './handlers.ts';
import { ALLOWED_METHODS, apiHeaders, PREFLIGHT_HEADERS } from './response-policy.ts';
import { nextLink, preparePayload } from './prepare-payload.ts';
import { serializePayload } from './serialize.ts';
import { routeById, ROUTES, type RouteSpec } from '../routes/routes.ts';

/** A request as `answerApi` (src/api/adapter.ts) hands it over, its target already parsed. */
export interface ApiRequest {
  method: string;
  /** The path as received, such as `/api/projects`. */
  path: string;
  /** The query without its `?`, such as `capability=api-design`. */
  search: string;
  /** A header by lower-case name. */
  header(name: string): string | null | undefined;
}

/**
 * The envelope in three parts: the cached payload is never copied, and every per-request member
 * follows it, so a response is the payload's cached compressed form, then the tail (codings.ts).
 */
export interface EnvelopeParts {
  /** What comes before the payload: always ENVELOPE_HEAD, the same bytes for every response. */
  head: typeof ENVELOPE_HEAD;
  payload: PreparedPayload;
  /** Everything after the payload: request id, timestamp, method, path, query, the error if any, the closing brace. */
  tail: string;
}

/** An API response; a class, so its methods are on its prototype. */
export class ApiResponse {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    /** The representation; null for 204 and 304. A HEAD has one too, so it can state the Content-Length a GET gets. */
    readonly envelope: EnvelopeParts | null,
    /** True for HEAD: the envelope is measured, not sent. */
    readonly headOnly: boolean,
    /** The one holding the payload, where the payload's coded forms are counted. */
    readonly cache?: WorkerCache,
    /** Its tail after requestMeta, for a repeat of the request (replayKeyOf); null for a live route's. */
    readonly replayTail: string | null = null,
  ) {}

  /** The whole body as text; null for HEAD, 204 and 304. */
  get body(): string | null {
    const { envelope } = this;
    return envelope && !this.headOnly ? `${envelope.head}${envelope.payload.json}${envelope.tail}` : null;
  }

  /** The envelope in `coding` as parts to write in order (codings.ts), HEAD's too (for its length); null for 204 and 304. */
  bodyIn(coding: Coding): Buffer[] | null {
    return this.envelope && codedBody(this.envelope.payload, this.envelope.tail, coding, this.cache);
  }

  /** bodyIn() of this answer replayed under `requestId`: its payload, a fresh requestMeta, its replayTail; null for 304. */
  replayedIn(coding: Coding, requestId: string): Buffer[] | null {
    const { envelope, replayTail } = this;
    return envelope && codedBody(envelope.payload, requestMeta(requestId) + replayTail, coding, this.cache);
  }
}

/** The longest target and If-None-Match kept for a replay together: a longer one is answered afresh each time. */
export const MAX_REPLAY_KEY_LENGTH = 512;

/**
 * The key a request's answer is kept and found under, or undefined when a repeat may not get it
 * again: only a GET without a request id of its own (echoed) or If-Modified-Since (its 304 depends on
 * a date), whose target and If-None-Match are short. A live route's answer has no replayTail.
 */
export function replayKeyOf({ method, path, search, header }: ApiRequest): string | undefined {
  if (method !== 'GET' || header('x-request-id') != null || header('if-modified-since') != null) return undefined;
  const tag = header('if-none-match') ?? '';
  if (path.length + search.length + tag.length > MAX_REPLAY_KEY_LENGTH) return undefined;
  return `${tag}${KEY_SEPARATOR}${path}?${search}`;
}

/**
 * `search` checked against `route`'s parameters, kept per route and spelling in the byte budget: a
 * repeated search or filter skips the parse. A query that fails its check is never kept.
 */
export function checkedQuery(route: RouteSpec, search: string, catalog: Catalog, cache: WorkerCache): CheckedQuery {
  const { query } = cache.kinds;
  const make = () => new CheckedQuery(parseQuery(search, route.params, catalog));
  return cache.getOrMake(query, cache.keyOf(query, catalog, query.key(route.id, search)), make);
}

/** Uses the client's request id when it is safe to echo, otherwise a fresh UUID (never trimmed). */
export function requestIdFor(header: string | null | undefined): string {
  return header !== null && header !== undefined && REQUEST_ID_PATTERN.test(header) ? header : randomUUID();
}

/** The envelope members that differ for every request: its id and time (neither needs escaping). */
export function requestMeta(requestId: string): string {
  return `,"request_id":"${requestId}","timestamp":"${new Date().toISOString()}"`;
}

/**
 * The envelope tail after requestMeta: the request's other members, then `extra` (the error). A
 * HEAD's tail names GET, so its Content-Length is the GET's.
 */
function tailRest(method: string, path: string, queryJson: string, extra = ''): string {
  return `,"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"query":${queryJson}${extra}}`;
}

/** The payload of every error envelope. */
const NULL_PAYLOAD = new PreparedPayload('null', '');

/** RFC 9110 weak comparison against an If-None-Match list. */
function matchesIfNoneMatch(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

/** Listing routes by their path. */
const LISTINGS = new Map(ROUTES.filter((route) => !route.detail).map((route) => [route.path, route]));
/** Detail routes, each with the path before its slug. */
const DETAILS = ROUTES.filter((route) => route.detail).map((route) => ({
  route,
  prefix: route.path.slice(0, route.path.indexOf('{slug}')),
}));

/** Finds the route for a path; detail routes capture their slug. */
export function matchRoute(path: string): { route: RouteSpec; slug?: string } | undefined {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const listing = LISTINGS.get(trimmed);
  if (listing) return { route: listing };
  for (const { route, prefix } of DETAILS) {
    const rawSlug = trimmed.slice(prefix.length);
    if (!trimmed.startsWith(prefix) || rawSlug === '' || rawSlug.includes('/')) continue;
    try {
      return { route, slug: decodeURIComponent(rawSlug) };
    } catch {
      // Malformed percent-encoding: the slug as received.
      return { route, slug: rawSlug };
    }
  }
  return undefined;
}

/** The error envelope of a refusal, by a route or before any; its query echoed leniently (the strict parse may be what failed). */
export function refusedResponse(
  request: ApiRequest,
  error: ApiError,
  requestId = requestIdFor(request.header('x-request-id')),
): ApiResponse {
  const { status, title } = ERROR_STATUS[error.code];
  const problem = {
    type: `/openapi/#error-${error.code}`,
    title,
    status,
    detail: error.message,
    code: error.code,
    ...(error.parameter !== undefined ? { parameter: error.parameter } : {}),
    ...(error.allowed !== undefined ? { allowed: [...error.allowed] } : {}),
  };
  const headers = apiHeaders(requestId, status);
  if (error.code === 'method_not_allowed') headers['Allow'] = ALLOWED_METHODS;
  const method = request.method.toUpperCase();
  const query = serializePayload(receivedQuery(request.search));
  const tail =
    requestMeta(requestId) + tailRest(method === 'HEAD' ? 'GET' : method, request.path, query, `,"error":${serializePayload(problem)}`);
  return new ApiResponse(status, headers, { head: ENVELOPE_HEAD, payload: NULL_PAYLOAD, tail }, method === 'HEAD');
}

/** The query as received, for the envelope, without throwing on bad encoding. */
function receivedQuery(search: string): Record<string, string> {
  // No prototype, so a parameter named __proto__ is an ordinary key.
  const query: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of new URLSearchParams(search)) if (!Object.hasOwn(query, name)) query[name] = value;
  return query;
}

/** What a 429 says, by the limiter that refused: the server's own, per client (server/rate-limit.ts), or nginx's fleet-wide one. */
const RATE_LIMITED_DETAIL = {
  client: (seconds: number) => `Too many requests from this client. Retry in ${seconds} s; the RateLimit header counts the quota down.`,
  fleet: (seconds: number) => `Too many requests from this address across the fleet. Retry in ${seconds} s.`,
} as const;

/** The 429 for a client over its quota: the limiters live in the server and in nginx, the envelope here. */
export function rateLimitedResponse(
  request: ApiRequest,
  retryAfterSeconds: number,
  limiter: keyof typeof RATE_LIMITED_DETAIL = 'client',
): ApiResponse {
  const result = refusedResponse(request, new ApiError('rate_limited', RATE_LIMITED_DETAIL[limiter](retryAfterSeconds)));
  result.headers['Retry-After'] = String(retryAfterSeconds);
  return result;
}

/**
 * Answers one API request from `catalog`, caching in `cache`; `service` is the process health reports.
 * Never throws: unexpected failures are logged with their request id and become a 500 internal_error.
 */
export function respond(request: ApiRequest, catalog: Catalog, cache: WorkerCache, service?: Service): ApiResponse {
  const requestId = requestIdFor(request.header('x-request-id'));
  const { path, search } = request;
  const method = request.method.toUpperCase();
  const headOnly = method === 'HEAD';
  try {
    // Writes are refused everywhere (405); reads of unknown paths are 404.
    if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') {
      throw new ApiError(
        'method_not_allowed',
        `The method ${method.slice(0, 20)} is not allowed: this API is read-only. Use GET, HEAD or OPTIONS.`,
        { allowed: ALLOWED_METHODS.split(', ') },
      );
    }
    const match = matchRoute(path);
    if (!match) {
      throw new ApiError(
        'not_found',
        `No endpoint answers ${path.slice(0, 200)}. See ${routeById('getContract').path} for the endpoints.`,
        { allowed: ROUTES.map((route) => route.path) },
      );
    }
    if (method === 'OPTIONS') {
      const headers = apiHeaders(requestId, 204);
      delete headers['Content-Type'];
      Object.assign(headers, PREFLIGHT_HEADERS);
      return new ApiResponse(204, headers, null, false);
    }
    const { route, slug } = match;
    if (slug !== undefined) checkValueLength('slug', slug);
    const query = checkedQuery(route, search, catalog, cache);
    const { parsed } = query;
    const payload = preparePayload(route, catalog, cache, query, slug, service);
    const headers = apiHeaders(requestId, 200);
    headers['ETag'] = payload.etag;
    // The newest entry the answer holds (src/catalog/dates.ts); If-None-Match, when sent, decides (RFC 9110 13.1.3).
    const modified = route.live ? undefined : answerUpdated(catalog, route, slug);
    if (modified) headers['Last-Modified'] = httpDate(modified);
    if (route.localized) headers['Content-Language'] = parsed.locale;
    if (payload.nextCursor) headers['Link'] = nextLink(path, parsed.received, payload.nextCursor);
    if (route.serviceDesc) headers['Link'] = `<${route.serviceDesc}>; rel="service-desc"`;
    // A declared deprecation (route, parameter, value or entry) says so on every answer (docs/history.md#compatibility).
    const deprecation = requestDeprecation(catalog, route, slug, parsed.received, parsed.choices);
    if (deprecation) {
      const { Link: link, ...dated } = deprecationHeaders(deprecation, absoluteUrl(DEPRECATION_DOCS_PATH));
      Object.assign(headers, dated, { Link: headers['Link'] ? `${headers['Link']}, ${link}` : link });
    }
    const ifNoneMatch = request.header('if-none-match');
    if (
      ifNoneMatch
        ? matchesIfNoneMatch(ifNoneMatch, payload.etag)
        : modified !== undefined && notModifiedSince(request.header('if-modified-since'), modified)
    ) {
      delete headers['Content-Type'];
      // A live payload (health) describes this moment: never replayed.
      return new ApiResponse(304, headers, null, false, cache, route.live ? null : '');
    }
    const rest = tailRest(headOnly ? 'GET' : method, path, query.receivedJson);
    const envelope = { head: ENVELOPE_HEAD, payload, tail: requestMeta(requestId) + rest };
    return new ApiResponse(200, headers, envelope, headOnly, cache, route.live ? null : rest);
  } catch (error) {
    if (error instanceof ApiError) return refusedResponse(request, error, requestId);
    const [message, stack] = error instanceof Error ? [error.message, error.stack] : [String(error), undefined];
    console.error(JSON.stringify({ level: 'error', request_id: requestId, message, stack }));
    const detail = 'The server failed to answer this request. It has been logged with its request id.';
    return refusedResponse(request, new ApiError('internal_error', detail), requestId);
  }
}
