/**
 * Static files answered from memory behave exactly as `send` answers them: the same validators,
 * 304 on If-None-Match and If-Modified-Since, and ranges still served (by send) with the same ETag.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');
/** A hashed stylesheet of the build under test. */
const asset = `/_astro/${readdirSync(join(process.env['DIST_DIR'] ?? 'dist', 'client', '_astro')).find((name) => name.endsWith('.css'))}`;

/**
 * A request with exactly these headers: fetch() would add `Cache-Control: no-cache` to a
 * conditional request, which rightly bypasses a 304.
 */
async function get(path: string, headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') {
  const response = await request(`${baseUrl}${path}`, { method, headers });
  const body = await response.body.text();
  const header = (name: string) => {
    const value = response.headers[name];
    return typeof value === 'string' ? value : null;
  };
  return { status: response.statusCode, header, headers: response.headers, body };
}

/** Headers that differ between a whole answer and a range of it, or from one response to the next. */
const PER_RESPONSE = new Set(['content-length', 'content-range', 'date', 'connection', 'keep-alive']);
const representationHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.has(name)));

describe.each(['/llms.txt', '/projects/docs-hub/'])('%s', (path) => {
  it("has nginx's validators, the same from send, and answers conditionals and ranges", async () => {
    const plain = await get(path, { 'Accept-Encoding': 'identity' });
    const body = plain.body;
    const etag = plain.header('etag')!;
    // nginx's strong ETag: mtime in seconds and size, in hex.
    const seconds = Date.parse(plain.header('last-modified')!) / 1000;
    expect(etag).toBe(`"${seconds.toString(16)}-${Buffer.byteLength(body).toString(16)}"`);
    expect(plain.header('last-modified')).toBeTruthy();
    expect(plain.header('accept-ranges')).toBe('bytes');
    expect(Number(plain.header('content-length'))).toBe(Buffer.byteLength(body));

    // A range is send's work: same ETag, so the cached answers and send's agree.
    const range = await get(path, { 'Accept-Encoding': 'identity', Range: 'bytes=0-9' });
    expect(range.status).toBe(206);
    expect(range.header('etag')).toBe(etag);
    expect(range.body).toBe(body.slice(0, 10));

    const revalidated = await get(path, { 'Accept-Encoding': 'identity', 'If-None-Match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.header('etag')).toBe(etag);
    expect(revalidated.header('content-type')).toBeNull();
    const since = await get(path, { 'Accept-Encoding': 'identity', 'If-Modified-Since': plain.header('last-modified')! });
    expect(since.status).toBe(304);

    const head = await get(path, { 'Accept-Encoding': 'identity' }, 'HEAD');
    expect(head.header('content-length')).toBe(plain.header('content-length'));
    expect(head.header('etag')).toBe(etag);
  });
});

describe('an answer from memory and the same answer from send', () => {
  it.each([
    ['/llms.txt', { 'Accept-Encoding': 'br' }],
    ['/projects/docs-hub/', { 'Accept-Encoding': 'gzip' }],
    ['/projects/docs-hub/', { 'Accept-Encoding': 'br', Accept: 'text/markdown' }],
    [asset, {}],
  ])('%s %o: carry the same headers but the range', async (path, headers) => {
    const whole = await get(path, headers);
    const range = await get(path, { ...headers, Range: 'bytes=0-3' });
    expect(whole.status).toBe(200);
    expect(range.status).toBe(206);
    expect(representationHeaders(range.headers)).toEqual(representationHeaders(whole.headers));
  });
});
