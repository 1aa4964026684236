/**
 * Writes an API answer in the coding the client prefers, as the parts src/api/codings.ts gives: one
 * writeHead, one corked write. HEAD gets the headers, Content-Length included, that GET would. A
 * repeat of a request whose answer may be replayed (src/api/respond.ts's replayKeyOf) gets the kept
 * answer under a fresh request id, without respond().
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Catalog } from '../src/catalog/catalog.ts';
import type { RequestTarget } from '../src/api/request-target.ts';
import type { ApiResponse } from '../src/api/respond.ts';
import type { WorkerCache } from '../src/api/cache-kinds.ts';
import type * as Bundle from '../src/integrations/server-bundle.ts';
import type { Service } from '../src/api/adapter.ts';
import type { Coding } from '../src/api/codings.ts';
import { chooseCoding } from './content-coding.ts';

type Fields = Readonly<Record<string, string>>;

/**
 * The header list of `result` but for Content-Length and the response's own fields: the server's
 * headers, the answer's own (which win: X-Content-Type-Options is in both), Vary and the coding, as
 * one flat list (pushed, not merged by spread).
 */
function headerList(result: ApiResponse, serverHeaders: Fields, coding: Coding): string[] {
  const own = result.headers;
  const headers: string[] = [];
  for (const name in serverHeaders) if (!(name in own)) headers.push(name, serverHeaders[name]!);
  for (const name in own) headers.push(name, own[name]!);
  headers.push('Vary', 'Accept-Encoding');
  // HEAD announces the coding GET would use; 204 and 304 carry no body to code.
  if (coding !== 'identity' && result.envelope !== null) headers.push('Content-Encoding', coding);
  return headers;
}

/** Writes `headers` with `fields` and the body's length, then the body's `parts` (none for HEAD, 204 and 304). */
function write(
  res: ServerResponse,
  status: number,
  headers: string[],
  fields: Fields | undefined,
  parts: Buffer[] | null,
  headOnly: boolean,
) {
  for (const name in fields) headers.push(name, fields[name]!);
  if (parts === null) {
    res.writeHead(status, headers).end();
    return;
  }
  headers.push('Content-Length', String(parts.reduce((length, part) => length + part.length, 0)));
  res.writeHead(status, headers);
  if (headOnly) {
    res.end();
    return;
  }
  // Corked, the parts leave in one write (end() uncorks).
  res.cork();
  for (const part of parts) res.write(part);
  res.end();
}

/** Writes `result` with the server's headers and this response's `fields` (RateLimit). */
export function sendApiResponse(
  req: IncomingMessage,
  res: ServerResponse,
  result: ApiResponse,
  serverHeaders: Fields,
  fields?: Fields,
): void {
  const coding = chooseCoding(req.headers['accept-encoding']);
  write(res, result.status, headerList(result, serverHeaders, coding), fields, result.bodyIn(coding), result.headOnly);
}

/** An answer kept for repeats: respond()'s result and its header list, the request id's value at `idAt`. */
class KeptAnswer {
  readonly result: ApiResponse;
  readonly headers: readonly string[];
  readonly idAt: number;

  constructor(result: ApiResponse, headers: readonly string[], idAt: number) {
    this.result = result;
    this.headers = headers;
    this.idAt = idAt;
  }

  /** Its strings, and its payload as if both coded forms were as large: they may come after it is kept. */
  heldBytes(): number {
    const strings = this.headers.reduce((bytes, text) => bytes + text.length, 0) + (this.result.replayTail?.length ?? 0);
    return 2 * strings + 3 * (this.result.envelope?.payload.bytes.length ?? 0);
  }
}

/**
 * The API answerer of one build: answers a request from `catalog`, caching in the worker's `cache`,
 * and returns its request id, for the request line. A draining worker closes each connection after
 * its answer, so the client reconnects to another; its answers are neither kept nor replayed.
 */
export function createApiAnswerer(api: typeof Bundle, catalog: Catalog, cache: WorkerCache, service: Service) {
  const drainingHeaders = { ...api.SECURITY_HEADERS, Connection: 'close' };
  const kind = cache.kinds.answer;
  return function answerApiRequest(req: IncomingMessage, res: ServerResponse, target: RequestTarget, draining: boolean, fields: Fields) {
    const coding = chooseCoding(req.headers['accept-encoding']);
    const replayKey = draining ? undefined : api.replayKey(req.method ?? 'GET', target, req.headers);
    const key = replayKey === undefined ? undefined : cache.keyOf(kind, catalog, kind.key(coding, replayKey));
    const kept = key === undefined ? undefined : cache.get(kind, key);
    if (kept instanceof KeptAnswer) {
      const requestId = api.requestIdFor(undefined);
      const headers = kept.headers.slice();
      headers[kept.idAt] = requestId;
      write(res, kept.result.status, headers, fields, kept.result.replayedIn(coding, requestId), false);
      return requestId;
    }
    const result = api.answerApi(req.method ?? 'GET', target, req.headers, catalog, cache, service);
    const headers = headerList(result, draining ? drainingHeaders : api.SECURITY_HEADERS, coding);
    if (key !== undefined && result.replayTail !== null)
      cache.set(kind, key, new KeptAnswer(result, headers.slice(), headers.indexOf('X-Request-Id') + 1));
    write(res, result.status, headers, fields, result.bodyIn(coding), result.headOnly);
    return result.headers['X-Request-Id'] ?? null;
  };
}
