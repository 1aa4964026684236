/**
 * Error answers of the site (files, pages, framework routes, refused connections), by the response
 * policy: an error carries no representation header of what it refused (a file's Content-Encoding,
 * ETag, Last-Modified or Content-Range) and a Cache-Control no shared cache keeps. Also the one way
 * a constant set of headers is set on a response (setHeaders).
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApiBundle } from './load-build.ts';

export type Policy = Pick<ApiBundle, 'CACHE_CONTROL' | 'CORS_HEADERS' | 'REPRESENTATION_HEADERS'>;
type Headers = Readonly<Record<string, string>>;

/** The one-line text body of every error the site answers itself, such as `405 Method Not Allowed`. */
export const errorText = (status: number) => `${status} ${STATUS_CODES[status] ?? 'Error'}\n`;

/** Sets a set of headers one by one: no object or list made per response. */
export function setHeaders(res: ServerResponse, headers: Headers): void {
  for (const name in headers) res.setHeader(name, headers[name] as string);
}

/**
 * Removes what describes a refused file and marks the answer as not storable. It keeps the open
 * CORS of every answer, as the API's errors do: an app on another origin can read a 404.
 */
function clearForError(res: ServerResponse, policy: Policy): void {
  for (const name of policy.REPRESENTATION_HEADERS) res.removeHeader(name);
  res.setHeader('Cache-Control', policy.CACHE_CONTROL.error);
  setHeaders(res, policy.CORS_HEADERS);
}

/** Answers an error `status` with `body` (none for HEAD), described by `headers`. */
function sendErrorBody(req: IncomingMessage, res: ServerResponse, status: number, policy: Policy, headers: Headers, body: Buffer) {
  clearForError(res, policy);
  res.writeHead(status, { ...headers, 'Content-Length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Answers `status` with a one-line text body; once headers are out it destroys the socket, so a
 * client never takes a truncated body for a whole one. `fields`: a 416's Content-Range.
 */
export function sendError(req: IncomingMessage, res: ServerResponse, status: number, policy: Policy, fields: Headers = {}): void {
  if (res.headersSent) res.destroy();
  else sendErrorBody(req, res, status, policy, { ...fields, 'Content-Type': 'text/plain; charset=utf-8' }, Buffer.from(errorText(status)));
}

/** The site's 404 page (prerendered by Astro) in `language`, for every path the server does not serve. */
export function sendNotFoundPage(req: IncomingMessage, res: ServerResponse, page: Buffer, policy: Policy, language: string): void {
  sendErrorBody(req, res, 404, policy, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Language': language }, page);
}

/**
 * Applies the policy to whatever status a third party (Astro) writes: errors get the error cache
 * policy, anything else the policy of a file that revalidates; a HEAD's redirect is GET's.
 */
export function policyOnWriteHead(res: ServerResponse, policy: Policy): void {
  const writeHead = res.writeHead;
  res.writeHead = function (status: number, ...rest: unknown[]) {
    // Astro redirects GET with 301 and every other method with 308; HEAD must answer as GET does.
    if (status === 308 && res.req.method === 'HEAD') status = 301;
    if (status >= 400) clearForError(res, policy);
    else {
      res.setHeader('Cache-Control', policy.CACHE_CONTROL.file);
      setHeaders(res, policy.CORS_HEADERS);
    }
    return writeHead.call(res, status, ...(rest as []));
  } as typeof res.writeHead;
}

/** Writes a whole answer on a bare socket and closes it. */
function endSocket(socket: Duplex, status: number, headers: Headers, body: string): void {
  let head = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n`;
  for (const [name, value] of Object.entries({ ...headers, 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' }))
    head += `${name}: ${value}\r\n`;
  socket.end(`${head}\r\n${body}`);
}

/** The site's text error on a bare socket. */
function endWithText(socket: Duplex, status: number, policy: ApiBundle, extra: Headers = {}): void {
  const headers = { ...policy.SECURITY_HEADERS, ...extra, 'Cache-Control': policy.CACHE_CONTROL.error };
  endSocket(socket, status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }, errorText(status));
}

/** Refuses a CONNECT with the 405 of any other method: node:http would close its bare socket without a word. */
export function refuseTunnel(socket: Duplex, policy: ApiBundle): void {
  endWithText(socket, 405, policy, { Allow: policy.ALLOWED_METHODS });
}

/** The status of each refusal of node:http's parser that is not a plain 400 (as Node answers them). */
const CLIENT_ERROR_STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};
/** Sockets whose refusal is written (a WeakSet: no bookkeeping to undo). */
const answered = new WeakSet<Duplex>();
/** How long a refused connection may stay open while its answer goes out. */
const CLIENT_ERROR_LINGER_MS = 2_000;
/** A request line as the parser saw it: method, target (bytes as latin1), version. */
const REQUEST_LINE = /^([A-Z]{1,20}) (\S{1,8192}) HTTP\/1\.[01]\r?\n/;

/**
 * Answers a request node:http's parser refused as every other error is answered, not with Node's
 * bare status line: a target under /api with bytes outside printable ASCII (an unencoded `q=tábuas`)
 * gets the API's 400 envelope, its query percent-encoded; anything else the site's text error with
 * Node's status. The parser refuses again for each further chunk, so only the first refusal answers.
 * Returns the status answered, for the log line; undefined when the connection was only closed.
 */
export function answerClientError(error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex, api: ApiBundle) {
  if (answered.has(socket)) return undefined;
  const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
  // A response under way on this connection (a pipelined request's) must not be cut into, as Node's
  // own handler checks: node:http keeps it on the socket while it is written.
  if (error.code === 'ECONNRESET' || !socket.writable || (socket as { _httpMessage?: unknown })._httpMessage) {
    socket.destroy();
    return undefined;
  }
  answered.add(socket);
  // The socket closes once the answer is out; a client that keeps it open is cut after a while.
  setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS).unref();
  const line = error.code === 'HPE_INVALID_URL' ? REQUEST_LINE.exec(error.rawPacket?.toString('latin1') ?? '') : null;
  if (line) {
    const [, method = 'GET', rawTarget = '/'] = line;
    // One latin1 character per byte of the target.
    const encoded = rawTarget.replace(/[^\x21-\x7e]/g, (byte) => `%${byte.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
    const target = api.parseTarget(encoded);
    if (api.isApiPath(target.path)) {
      // A target refused for its form (no leading slash) says so; else its bytes were the fault.
      const detail =
        target.refusal ??
        `The request target holds bytes that HTTP does not allow (outside printable ASCII): percent-encode them as UTF-8, as in ${encoded.slice(0, 200)}.`;
      const result = api.answerRefused(method, target, {}, target.refusal === undefined ? 'invalid_parameter' : 'invalid_request', detail);
      endSocket(socket, result.status, { ...api.SECURITY_HEADERS, ...result.headers }, result.body ?? '');
      return result.status;
    }
  }
  endWithText(socket, status, api);
  return status;
}
