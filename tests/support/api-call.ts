/**
 * Request in, response out for API tests: one response shape for in-process calls to `respond()`
 * and for fetches against the production server, plus the envelope assertions every test shares.
 */
import { expect } from 'vitest';
import { ERROR_CODES, ERROR_STATUS } from '../../src/schemas/errors.ts';
import { answerApi } from '../../src/api/adapter.ts';
import { createWorkerCache } from '../../src/api/cache-kinds.ts';
import { EXPOSED_HEADERS } from '../../src/api/response-policy.ts';
import { parseTarget } from '../../src/api/request-target.ts';
import { ROUTES, type RouteSpec } from '../../src/routes/routes.ts';
import { expectMatchesContract, testCatalog } from './contract.ts';

/** The envelope every API response body carries. */
export interface Envelope {
  request_id: string;
  timestamp: string;
  method: string;
  path: string;
  query: Record<string, string>;
  payload: unknown;
  error?: { type: string; title: string; status: number; detail: string; code: string; parameter?: string; allowed?: string[] };
}

/** A response as tests read it, whichever way it was obtained. */
export interface ApiResult {
  status: number;
  headers: Headers;
  /** Raw body text; null when there was none. */
  text: string | null;
}

/** Options for one call. */
export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
}

/** The cache `callApi` answers from, as a worker's: one per test file. */
export const callCache = createWorkerCache();

/** Calls `respond()` in process, through the adapter every caller uses, with the catalog read from content/. */
export function callApi(url: string, options: CallOptions = {}): ApiResult {
  // Plain lower-case names, as Node hands them over, not Headers: Headers would trim values, and respond() must be seen not to.
  const headers = Object.fromEntries(Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  const result = answerApi(options.method ?? 'GET', parseTarget(url), headers, testCatalog(), callCache);
  return { status: result.status, headers: new Headers(result.headers), text: result.body };
}

/** Fetches from the production server; an empty body becomes null, like `respond()`. */
export async function fetchApi(baseUrl: string, url: string, options: CallOptions & { body?: string } = {}): Promise<ApiResult> {
  const response = await fetch(`${baseUrl}${url}`, {
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    redirect: 'manual',
    ...(options.body !== undefined ? { body: options.body } : {}),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text: text === '' ? null : text };
}

/** Parses a body that must be JSON. */
export function bodyOf(result: ApiResult): Envelope {
  expect(result.text, 'response has a body').not.toBeNull();
  return JSON.parse(result.text ?? 'null') as Envelope;
}

/** The route template a concrete API path belongs to (by the table, not by the implementation's matcher). */
export function templateFor(path: string): RouteSpec | undefined {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return ROUTES.find((route) => {
    if (!route.path.includes('{slug}')) return route.path === trimmed;
    const prefix = route.path.slice(0, route.path.indexOf('{slug}'));
    return trimmed.startsWith(prefix) && /^[^/]+$/.test(trimmed.slice(prefix.length));
  });
}

/** ISO 8601 UTC with exactly three fractional digits. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** A fresh request id is a UUID. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** Whether the loopback suites run through nginx in front of two instances (`npm run test:nginx`). */
export const VIA_NGINX = process.env['LOOPBACK_VIA'] === 'nginx';
/**
 * The request id of a response to a client that sent none: the server's fresh UUID or, when the
 * loopback suites run through nginx (`npm run test:nginx`), the one nginx made ($request_id, 32 hex
 * digits), which the server echoes.
 */
export const MADE_REQUEST_ID = VIA_NGINX ? /^[0-9a-f]{32}$/ : UUID;
/** What a stack trace or a server file path looks like in a body. */
export const LEAK = /\bat (?:\S+ \()?[^\s"()]+:\d+:\d+|node_modules|file:\/\/|\/work\/|\/home\/|\/usr\/|[A-Z]:\\|\.(?:ts|mjs):\d+/;

/** Headers every API response with a body carries, errors included. */
export function expectApiHeaders(result: ApiResult): void {
  expect(result.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(result.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._-]{1,128}$/);
  expect(result.headers.get('access-control-allow-origin')).toBe('*');
  expect(result.headers.get('access-control-expose-headers')).toBe(EXPOSED_HEADERS);
  expect(result.headers.get('x-content-type-options')).toBe('nosniff');
  // Successes revalidate with their ETag; errors are never stored by a shared cache.
  expect(result.headers.get('cache-control')).toBe(result.status >= 400 ? 'no-store' : 'no-cache');
}

/** What the envelope should echo. */
export interface Expected {
  status: number;
  method?: string;
  path: string;
  query?: Record<string, string>;
  /** For errors: the code the body must carry. */
  code?: (typeof ERROR_CODES)[number];
}

/**
 * Checks status, headers, every envelope member and the contract schema; returns the envelope.
 * The schema comes from the route the path belongs to, or the shared error envelope otherwise.
 */
export function expectEnvelope(result: ApiResult, expected: Expected): Envelope {
  expect(result.status, result.text?.slice(0, 300) ?? '').toBe(expected.status);
  expectApiHeaders(result);
  const body = bodyOf(result);
  expect(body.request_id).toBe(result.headers.get('x-request-id'));
  expect(body.timestamp).toMatch(TIMESTAMP);
  expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
  expect(Math.abs(Date.now() - Date.parse(body.timestamp))).toBeLessThan(60_000);
  expect(body.method).toBe(expected.method ?? 'GET');
  expect(body.path).toBe(expected.path);
  expect(body.query).toEqual(expected.query ?? {});
  expect(result.text ?? '').not.toMatch(LEAK);
  const isError = expected.status >= 400;
  if (isError) {
    expect(body.payload).toBeNull();
    expect(body.error).toBeDefined();
    const error = body.error!;
    expect(error.status).toBe(expected.status);
    expect(ERROR_CODES).toContain(error.code);
    expect(ERROR_STATUS[error.code as (typeof ERROR_CODES)[number]].status).toBe(expected.status);
    if (expected.code) expect(error.code).toBe(expected.code);
    expect(error.detail.length).toBeGreaterThan(0);
    expect(Object.keys(error).every((key) => ['type', 'title', 'status', 'detail', 'code', 'parameter', 'allowed'].includes(key))).toBe(
      true,
    );
    if (expected.status === 405) expect(result.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  } else {
    expect(Object.hasOwn(body, 'error')).toBe(false);
    expect(body.payload).not.toBeNull();
    expect(result.headers.get('etag')).toMatch(/^W\/"[^"]+"$/);
  }
  // An /api path no operation describes is checked against the shared error envelope.
  const route = templateFor(expected.path);
  expectMatchesContract(route?.path, expected.status, body);
  return body;
}

/** A concrete path for a route: detail routes use their collection's first slug in the catalog. */
export function concretePath(route: RouteSpec): string {
  if (!route.detail) return route.path;
  const first = (testCatalog().collections[route.detail] as { slug: string }[])[0];
  return route.path.replace('{slug}', first?.slug ?? 'missing');
}

/** Query string from pairs, encoded the way a browser's URLSearchParams would. */
export function queryString(params: Record<string, string>): string {
  const search = new URLSearchParams(params).toString();
  return search === '' ? '' : `?${search}`;
}
