/**
 * Writes an API answer in the coding the client prefers, as the parts src/api/codings.ts gives: one
 * writeHead, one corked write. HEAD gets the headers, Content-Length included, that GET would.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Catalog } from '../src/catalog/catalog.ts';
import type { RequestTarget } from '../src/api/request-target.ts';
import type { ApiResponse } from '../src/api/respond.ts';
import type { WorkerCache } from '../src/api/cache-kinds.ts';
import type * as Bundle from '../src/integrations/server-bundle.ts';
import type { Service } from '../src/api/adapter.ts';
import { chooseCoding } from './content-coding.ts';

type Fields = Readonly<Record<string, string>>;

/**
 * Writes `result`: the server's headers, the answer's own (which win: X-Content-Type-Options is in
 * both), Vary, this response's `fields` (RateLimit), the coding and the length, as one flat list
 * (pushed, not merged by spread).
 */
export function sendApiResponse(
  req: IncomingMessage,
  res: ServerResponse,
  result: ApiResponse,
  serverHeaders: Fields,
  fields?: Fields,
): void {
  const coding = chooseCoding(req.headers['accept-encoding']);
  const own = result.headers;
  const headers: string[] = [];
  for (const name in serverHeaders) if (!(name in own)) headers.push(name, serverHeaders[name]!);
  for (const name in own) headers.push(name, own[name]!);
  headers.push('Vary', 'Accept-Encoding');
  for (const name in fields) headers.push(name, fields[name]!);
  const parts = result.bodyIn(coding);
  if (parts === null) {
    res.writeHead(result.status, headers).end();
    return;
  }
  // HEAD announces the coding GET would use; 204 and 304 carry no body to code.
  if (coding !== 'identity') headers.push('Content-Encoding', coding);
  headers.push('Content-Length', String(parts.reduce((length, part) => length + part.length, 0)));
  res.writeHead(result.status, headers);
  if (result.headOnly) {
    res.end();
    return;
  }
  // Corked, the parts leave in one write (end() uncorks).
  res.cork();
  for (const part of parts) res.write(part);
  res.end();
}

/**
 * The API answerer of one build: answers a request from `catalog`, caching in the worker's `cache`,
 * and returns its request id, for the request line. A draining worker closes each connection after
 * its answer, so the client reconnects to another.
 */
export function createApiAnswerer(api: typeof Bundle, catalog: Catalog, cache: WorkerCache, service: Service) {
  const drainingHeaders = { ...api.SECURITY_HEADERS, Connection: 'close' };
  return function answerApiRequest(req: IncomingMessage, res: ServerResponse, target: RequestTarget, draining: boolean, fields: Fields) {
    const result = api.answerApi(req.method ?? 'GET', target, req.headers, catalog, cache, service);
    sendApiResponse(req, res, result, draining ? drainingHeaders : api.SECURITY_HEADERS, fields);
    return result.headers['X-Request-Id'] ?? null;
  };
}
