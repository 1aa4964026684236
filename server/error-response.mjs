// @ts-check
/**
 * Error answers of the site (files, pages, framework routes), by the response policy of
 * src/api/response-policy.ts (read from the API bundle): an error carries no representation header
 * of what it refused (no Content-Encoding, ETag, Last-Modified or Content-Range of a file), and a
 * Cache-Control no shared cache keeps. A failure after the headers went out destroys the socket, so
 * a client never takes a truncated body for a whole one.
 */
import { STATUS_CODES } from 'node:http';

/** @typedef {Pick<import('../src/api/response-policy.ts'), 'CACHE_CONTROL' | 'CORS_HEADERS' | 'REPRESENTATION_HEADERS'>} Policy */

/**
 * The one-line text body of every error the site answers itself, such as `405 Method Not Allowed`.
 * @param {number} status
 */
export const errorText = (status) => `${status} ${STATUS_CODES[status] ?? 'Error'}\n`;

/**
 * Removes what describes a refused file and marks the answer as not storable. It keeps the open
 * CORS of every answer, as the API's errors do: an app on another origin can read a 404.
 * @param {import('node:http').ServerResponse} res
 * @param {Policy} policy
 */
export function clearForError(res, policy) {
  for (const name of policy.REPRESENTATION_HEADERS) res.removeHeader(name);
  res.setHeader('Cache-Control', policy.CACHE_CONTROL.error);
  withCors(res, policy);
}

/** Sets the open CORS every answer of the site carries. @param {import('node:http').ServerResponse} res @param {Policy} policy */
function withCors(res, policy) {
  for (const [name, value] of Object.entries(policy.CORS_HEADERS)) res.setHeader(name, value);
}

/**
 * Answers `status` with a one-line text body, or destroys the socket when headers are already out.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {Policy} policy
 * @param {Record<string, string>} [fields] what the error must say beside it (a 416's Content-Range)
 */
export function sendError(req, res, status, policy, fields = {}) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  clearForError(res, policy);
  for (const [name, value] of Object.entries(fields)) res.setHeader(name, value);
  const body = Buffer.from(errorText(status));
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The site's 404 page (prerendered by Astro), for every path the server does not serve.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {Buffer} page
 * @param {Policy} policy
 * @param {string} language the page's language (its <html lang>)
 */
export function sendNotFoundPage(req, res, page, policy, language) {
  clearForError(res, policy);
  res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Language': language, 'Content-Length': String(page.length) });
  res.end(req.method === 'HEAD' ? undefined : page);
}

/**
 * Applies the policy to whatever status a third party (Astro) writes: errors get the error cache
 * policy, anything else the policy of a file that revalidates; a HEAD's redirect is GET's.
 * @param {import('node:http').ServerResponse} res
 * @param {Policy} policy
 */
export function policyOnWriteHead(res, policy) {
  const writeHead = res.writeHead;
  /** @type {typeof res.writeHead} */
  const withPolicy = function (/** @type {number} */ status, /** @type {any[]} */ ...rest) {
    // Astro redirects GET with 301 and every other method with 308; HEAD must answer as GET does.
    if (status === 308 && res.req.method === 'HEAD') status = 301;
    if (status >= 400) clearForError(res, policy);
    else {
      res.setHeader('Cache-Control', policy.CACHE_CONTROL.file);
      withCors(res, policy);
    }
    return writeHead.call(res, status, ...rest);
  };
  res.writeHead = withPolicy;
}

/**
 * Refuses a CONNECT (a request to open a tunnel). node:http hands such a request over as a bare
 * socket and, when nothing takes it, closes it without a word; this server tunnels nothing, so the
 * client gets the 405 any other method outside the allowed ones gets, with the methods it may use.
 * @param {import('node:stream').Duplex} socket
 * @param {Policy & Pick<import('../src/api/response-policy.ts'), 'SECURITY_HEADERS'> & { ALLOWED_METHODS: string }} policy
 */
export function refuseTunnel(socket, policy) {
  endWithText(socket, 405, policy, { Allow: policy.ALLOWED_METHODS });
}

/**
 * Writes a whole answer on a bare socket and closes it.
 * @param {import('node:stream').Duplex} socket
 * @param {number} status
 * @param {Record<string, string>} headers
 * @param {string | null} body
 */
function endWith(socket, status, headers, body) {
  const head = Object.entries({ ...headers, 'Content-Length': String(Buffer.byteLength(body ?? '')), Connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n${head}\r\n${body ?? ''}`);
}

/**
 * The site's text error on a bare socket.
 * @param {import('node:stream').Duplex} socket
 * @param {number} status
 * @param {Policy & Pick<import('../src/api/response-policy.ts'), 'SECURITY_HEADERS'>} policy
 * @param {Record<string, string>} [extra]
 */
function endWithText(socket, status, policy, extra = {}) {
  const headers = {
    ...policy.SECURITY_HEADERS,
    ...extra,
    'Cache-Control': policy.CACHE_CONTROL.error,
    'Content-Type': 'text/plain; charset=utf-8',
  };
  endWith(socket, status, headers, errorText(status));
}

/** The status of each refusal of node:http's parser that is not a plain 400 (as Node answers them). */
const CLIENT_ERROR_STATUS = /** @type {Record<string, number>} */ ({
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
});
/** Sockets whose refusal is written (a WeakSet: no bookkeeping to undo). */
const answered = new WeakSet();
/** How long a refused connection may stay open while its answer goes out. */
const CLIENT_ERROR_LINGER_MS = 2_000;
/** A request line as the parser saw it: method, target (bytes as latin1), version. */
const REQUEST_LINE = /^([A-Z]{1,20}) (\S{1,8192}) HTTP\/1\.[01]\r?\n/;

/**
 * Answers a request node:http's parser refused, as every other error is answered, instead of Node's
 * bare status line: a target under /api with bytes outside printable ASCII (an unencoded `q=tábuas`)
 * gets the API's 400 envelope, those bytes percent-encoded so its query shows what was meant;
 * anything else the site's text error with Node's status (400, 408, 413, 431). A connection that
 * broke, or whose answer has begun, is closed. The parser refuses again for each further chunk a
 * client sends: the first refusal answers, the others wait for it to go out.
 * @param {Error & { code?: string, rawPacket?: Buffer }} error
 * @param {import('node:stream').Duplex} socket
 * @param {Policy & Pick<import('../src/api/response-policy.ts'), 'SECURITY_HEADERS'> & Pick<import('../src/integrations/server-bundle.ts'), 'answerUnparsable' | 'parseTarget' | 'targetRefusal' | 'isApiPath'>} api
 * @returns {number | undefined} the status answered, for the log line; undefined when the
 *   connection was only closed or this refusal was already answered
 */
export function answerClientError(error, socket, api) {
  if (answered.has(socket)) return undefined;
  const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
  // A response under way on this connection (a pipelined request's) must not be cut into, as Node's
  // own handler checks: node:http keeps it on the socket while it is written.
  const responding = /** @type {{ _httpMessage?: unknown }} */ (socket)._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || responding) {
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
      const refusal = api.targetRefusal(encoded);
      const detail =
        refusal ??
        `The request target holds bytes that HTTP does not allow (outside printable ASCII): percent-encode them as UTF-8, as in ${encoded.slice(0, 200)}.`;
      const result = api.answerUnparsable(method, target, detail, refusal === undefined ? 'invalid_parameter' : 'invalid_request');
      endWith(socket, result.status, { ...api.SECURITY_HEADERS, ...result.headers }, result.body);
      return result.status;
    }
  }
  endWithText(socket, status, api);
  return status;
}
