/**
 * Writes an API answer: status, headers and the JSON envelope (none for HEAD, 204 and 304), in the
 * coding the client prefers (content-coding.ts), as the parts the answer gives for it
 * (src/api/codings.ts): every header in one writeHead, the parts in one corked write, the cached
 * ones never copied. HEAD gets the headers, Content-Length included, that GET would.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Catalog } from '../src/catalog/catalog.ts';
import type { RequestTarget } from '../src/api/request-target.ts';
import type { ApiResponse } from '../src/api/respond.ts';
import type { WorkerCache } from '../src/api/cache-kinds.ts';
import type { Service } from '../src/api/adapter.ts';
import { chooseCoding } from './content-coding.ts';

type Fields = Readonly<Record<string, string>>;
import type * as Bundle from '../src/integrations/server-bundle.ts';

type ApiBundle = typeof Bundle;

/** Each constant set of server headers as writeHead's flat [name, value, …] list, made once per set. */
const headerLists = new WeakMap<Fields, string[]>();

/** A constant set of headers as writeHead's flat [name, value, …] list, made once per set. */
export function flatHeaders(headers: Fields): readonly string[] {
  let list = headerLists.get(headers);
  if (!list) headerLists.set(headers, (list = Object.entries(headers).flat()));
  return list;
}

/**
 * Writes `result`: the server's headers (a constant set), the answer's own (which win:
 * X-Content-Type-Options is in both), Vary, the coding, this response's own `fields` (RateLimit)
 * and the length, as one flat list (pushed, it costs a third of merging objects by spread).
 */
export function sendApiResponse(
  req: IncomingMessage,
  res: ServerResponse,
  result: ApiResponse,
  serverHeaders: Fields,
  fields?: Fields,
  coding = chooseCoding(req.headers['accept-encoding']),
): void {
  const own = result.headers;
  const headers: string[] = [];
  const server = flatHeaders(serverHeaders);
  for (let at = 0; at < server.length; at += 2) if (!(server[at]! in own)) headers.push(server[at]!, server[at + 1]!);
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
export function createApiAnswerer(api: ApiBundle, catalog: Catalog, cache: WorkerCache, service: Service) {
  const drainingHeaders = { ...api.SECURITY_HEADERS, Connection: 'close' };
  return function answerApiRequest(req: IncomingMessage, res: ServerResponse, target: RequestTarget, draining: boolean, fields: Fields) {
    const result = api.answerApi(req.method ?? 'GET', target, req.headers, catalog, cache, service);
    sendApiResponse(req, res, result, draining ? drainingHeaders : api.SECURITY_HEADERS, fields);
    return result.headers['X-Request-Id'] ?? null;
  };
}
