/** The one way into `respond()` for the dev endpoints, the server and the tests: a method, a parsed target, Node's headers. */
import type { Catalog } from '../catalog/catalog.ts';
import type { WorkerCache } from './cache-kinds.ts';
import type { Service } from './handlers.ts';
import type { RequestTarget } from './request-target.ts';
import { ApiError } from './api-error.ts';
import type { ErrorCode } from '../schemas/errors.ts';
import { rateLimitedResponse, refusedResponse, replayKeyOf, respond, type ApiRequest, type ApiResponse } from './respond.ts';

// For MCP, which may import only the API's public modules.
export type { Service };

/** Request headers by lower-case name, as Node's `IncomingMessage.headers` holds them (values untrimmed). */
export type RequestHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

function apiRequest(method: string, target: RequestTarget, headers: RequestHeaders): ApiRequest {
  const header = (name: string): string | undefined => {
    const value = headers[name];
    return typeof value === 'string' || value === undefined ? value : value.join(', ');
  };
  return { method, path: target.path, search: target.search, header };
}

/**
 * Answers one API request from `cache`, the one its caller made (createWorkerCache); `service`, the
 * server's own process, or none for the source's. Never throws (see `respond`).
 */
export function answerApi(
  method: string,
  target: RequestTarget,
  headers: RequestHeaders,
  catalog: Catalog,
  cache: WorkerCache,
  service?: Service,
): ApiResponse {
  return respond(apiRequest(method, target, headers), catalog, cache, service);
}

/** The key a repeat of this request finds its kept answer under, or undefined (see replayKeyOf). */
export function replayKey(method: string, target: RequestTarget, headers: RequestHeaders): string | undefined {
  return replayKeyOf(apiRequest(method, target, headers));
}

/** The 429 envelope for a request the server's rate limiter refused. */
export function answerRateLimited(method: string, target: RequestTarget, headers: RequestHeaders, retryAfterSeconds: number): ApiResponse {
  return rateLimitedResponse(apiRequest(method, target, headers), retryAfterSeconds);
}

/**
 * The error envelope for a request refused before it reaches a route: by the HTTP parser or the
 * server, for its target or headers (server/error-response.ts, server/app.ts: no headers, so a fresh
 * request id), or by `astro dev` while the content is invalid (src/integrations/content-check.ts).
 */
export function answerRefused(
  method: string,
  target: RequestTarget,
  headers: RequestHeaders,
  code: ErrorCode,
  detail: string,
): ApiResponse {
  return refusedResponse(apiRequest(method, target, headers), new ApiError(code, detail));
}
