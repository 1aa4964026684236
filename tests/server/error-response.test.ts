/** Site errors: no header of the refused file, never stored, and a cut connection once headers are out. */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { sendError } from '../../server/error-response.ts';
import { CACHE_CONTROL, CORS_HEADERS, REPRESENTATION_HEADERS } from '../../src/api/response-policy.ts';

const policy = { CACHE_CONTROL, CORS_HEADERS, REPRESENTATION_HEADERS };

/** A response on a socket that goes nowhere. */
function response(method = 'GET') {
  const req = new IncomingMessage(new Socket());
  req.method = method;
  const res = new ServerResponse(req);
  return { req, res };
}

describe('sendError', () => {
  it('drops the refused file headers and marks the answer no-store', () => {
    const { req, res } = response();
    for (const [name, value] of [
      ['Content-Encoding', 'br'],
      ['ETag', '"x"'],
      ['Last-Modified', 'Thu, 01 Jan 1970 00:00:00 GMT'],
      ['Content-Range', 'bytes */10'],
      ['Cache-Control', 'public, max-age=31536000, immutable'],
      ['Vary', 'Accept-Encoding'],
    ])
      res.setHeader(name!, value!);
    sendError(req, res, 416, policy);
    expect(res.statusCode).toBe(416);
    expect(res.getHeader('cache-control')).toBe('no-store');
    for (const name of ['content-encoding', 'etag', 'last-modified', 'content-range', 'vary'])
      expect(res.getHeader(name), name).toBeUndefined();
    expect(res.getHeader('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('destroys the connection, rather than ending a truncated body, once headers are out', () => {
    const { req, res } = response();
    res.writeHead(200, { 'Content-Length': '100' });
    res.write('partial');
    let ended = false;
    res.on('finish', () => (ended = true));
    sendError(req, res, 500, policy);
    expect(res.destroyed).toBe(true);
    expect(ended).toBe(false);
  });
});
