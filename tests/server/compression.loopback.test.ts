/**
 * Compression on the built server: br and gzip chosen from Accept-Encoding with q-values, identity
 * and q=0 honoured, Vary on every negotiable response, HEAD announcing what GET sends, 304 and
 * errors intact; and real clients (Node's fetch, curl --compressed) decoding every response.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { apiUrl } from '../../src/routes/urls.ts';

const baseUrl = inject('baseUrl');
const client = join(process.env['DIST_DIR'] ?? 'dist', 'client');
const stacks = apiUrl('listStacks');

/** GET (or HEAD) with exactly these headers (node:http adds no Accept-Encoding), the body left encoded. */
function raw(path: string, headers: Record<string, string>, method = 'GET') {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const outgoing = request({ host: hostname, port: Number(port), path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The envelope without its per-request members. */
const stable = (text: string) => {
  const { request_id: _id, timestamp: _time, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return rest;
};

const decode = { gzip: gunzipSync, br: brotliDecompressSync, identity: (bytes: Buffer) => bytes } as const;

describe('API responses', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=1, gzip;q=0.5', 'br'],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
  ] as const)('Accept-Encoding %j gets %s, decoding to the same envelope', async (accept, coding) => {
    const plain = await raw(stacks, {});
    const coded = await raw(stacks, { 'Accept-Encoding': accept });
    expect(coded.status).toBe(200);
    expect(coded.headers['content-encoding']).toBe(coding === 'identity' ? undefined : coding);
    expect(coded.headers['vary']).toBe('Accept-Encoding');
    expect(Number(coded.headers['content-length'])).toBe(coded.body.length);
    expect(stable(decode[coding](coded.body).toString())).toEqual(stable(plain.body.toString()));
    if (coding !== 'identity') expect(coded.body.length).toBeLessThan(plain.body.length / 2);
  });

  it('announces on HEAD the coding GET uses, without a body', async () => {
    const head = await raw(stacks, { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.headers['vary']).toBe('Accept-Encoding');
    expect(head.body.length).toBe(0);
  });

  it('keeps ETag and 304 working whatever the coding', async () => {
    const first = await raw(stacks, { 'Accept-Encoding': 'br' });
    const etag = first.headers['etag']!;
    const again = await raw(stacks, { 'Accept-Encoding': 'gzip', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers['vary']).toBe('Accept-Encoding');
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.body.length).toBe(0);
  });

  it('compresses error envelopes too', async () => {
    const error = await raw(`${stacks}?nope=1`, { 'Accept-Encoding': 'gzip' });
    expect(error.status).toBe(400);
    expect(error.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(gunzipSync(error.body).toString()) as { error: { code: string } }).error.code).toBe('unknown_parameter');
  });

  it('splices pages and details as well as directories', async () => {
    for (const path of [`${stacks}?limit=2`, apiUrl('getStack', 'typescript'), apiUrl('getCatalog')]) {
      const coded = await raw(path, { 'Accept-Encoding': 'gzip' });
      expect(coded.headers['content-encoding'], path).toBe('gzip');
      expect(() => JSON.parse(gunzipSync(coded.body).toString()), path).not.toThrow();
    }
  });
});

describe('static files', () => {
  it.each([
    ['/', 'index.html'],
    ['/llms.txt', 'llms.txt'],
    ['/sitemap-index.xml', 'sitemap-index.xml'],
  ])('%s is served from its precompressed siblings', async (url, file) => {
    const original = readFileSync(join(client, file));
    for (const [accept, coding, suffix] of [
      ['gzip, deflate, br, zstd', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
      ['identity', undefined, ''],
    ] as const) {
      const response = await raw(url, { 'Accept-Encoding': accept });
      expect(response.status, `${url} ${accept}`).toBe(200);
      expect(response.headers['content-encoding']).toBe(coding);
      // A page also varies on Accept: it answers with its Markdown twin to clients that prefer it.
      expect(response.headers['vary']).toBe(file.endsWith('.html') ? 'Accept, Accept-Encoding' : 'Accept-Encoding');
      expect(Number(response.headers['content-length'])).toBe(readFileSync(join(client, `${file}${suffix}`)).length);
      expect(decode[coding ?? 'identity'](response.body).equals(original)).toBe(true);
      const head = await raw(url, { 'Accept-Encoding': accept }, 'HEAD');
      expect(head.headers['content-encoding']).toBe(coding);
      expect(head.headers['content-type']).toBe(response.headers['content-type']);
    }
  });
});

describe('real clients decode every response', () => {
  it("Node's fetch", async () => {
    for (const path of ['/', stacks, `${stacks}?nope=1`, '/llms.txt']) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.headers.get('content-encoding'), path).not.toBeNull();
      expect((await response.text()).length, path).toBeGreaterThan(0);
    }
  });

  it('curl --compressed', () => {
    for (const path of ['/', stacks, '/llms.txt']) {
      const out = execFileSync(
        'curl',
        ['--silent', '--show-error', '--compressed', '--write-out', '\n%{size_download}', `${baseUrl}${path}`],
        {
          encoding: 'utf8',
        },
      );
      const downloaded = Number(out.slice(out.lastIndexOf('\n') + 1));
      const body = out.slice(0, out.lastIndexOf('\n'));
      expect(body.length, path).toBeGreaterThan(downloaded);
      if (path === stacks) expect((JSON.parse(body) as { payload: { count: number } }).payload.count).toBeGreaterThan(0);
    }
  });
});
