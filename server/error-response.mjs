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
const errorText = (status) => `${status} ${STATUS_CODES[status] ?? 'Error'}\n`;

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
 */
export function sendError(req, res, status, policy) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  clearForError(res, policy);
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
 */
export function sendNotFoundPage(req, res, page, policy) {
  clearForError(res, policy);
  res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(page.length) });
  res.end(req.method === 'HEAD' ? undefined : page);
}

/**
 * Applies the policy to whatever status a third party (Astro) writes: errors get the error cache
 * policy, anything else the policy of a file that revalidates.
 * @param {import('node:http').ServerResponse} res
 * @param {Policy} policy
 */
export function policyOnWriteHead(res, policy) {
  const writeHead = res.writeHead;
  /** @type {typeof res.writeHead} */
  const withPolicy = function (/** @type {number} */ status, /** @type {any[]} */ ...rest) {
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
  const body = errorText(405);
  const headers = {
    ...policy.SECURITY_HEADERS,
    Allow: policy.ALLOWED_METHODS,
    'Cache-Control': policy.CACHE_CONTROL.error,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 405 ${STATUS_CODES[405]}\r\n${head}\r\n${body}`);
}
