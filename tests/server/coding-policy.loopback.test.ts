/**
 * The coding policy on the built server, for every class the bench measures: each Accept-Encoding
 * a client may send decodes to the same representation; no body over 1 KB is compressed per
 * request (the per-request tail travels verbatim after the cached part); HEAD states GET's
 * Content-Length; and a spliced Brotli decodes in Node, curl and Chromium.
 */
import { execFileSync } from 'node:child_process';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiUrl, isApiPath } from '../../src/routes/urls.ts';
import { benchClasses, type BenchClass } from '../../scripts/bench/classes.ts';
import { fetchRaw } from '../../scripts/bench/recording.ts';

const baseUrl = inject('baseUrl');
const distDir = process.env['DIST_DIR'] ?? 'dist';
const REQUEST_ID = 'coding-policy';

/** What each Accept-Encoding must get: hostile and ordinary spellings. */
const ACCEPTS = [
  ['br', 'br'],
  ['gzip', 'gzip'],
  ['br;q=1, gzip;q=0.5', 'br'],
  ['gzip;q=1, br;q=0.5', 'gzip'],
  ['gzip, deflate, br, zstd', 'br'],
  ['*', 'br'],
  ['identity;q=0', 'identity'],
  ['zstd', 'identity'],
  ['', 'identity'],
] as const;

const decode = { gzip: gunzipSync, br: brotliDecompressSync, identity: (bytes: Buffer) => bytes } as const;
type Coding = keyof typeof decode;

/** The decoded body with the timestamp (the one member that differs between two requests) blanked. */
const comparable = (body: Buffer, isApi: boolean) =>
  isApi ? body.toString().replace(/"timestamp":"[^"]*"/, '"timestamp":""') : body.toString('base64');

/**
 * HEAD states the Content-Length of a GET with the same headers. A payload's Brotli form improves
 * once per worker (from its second br request, in the background), so a pair may straddle that
 * moment: the pair is asked again until it settles.
 */
async function expectHeadLikeGet(path: string, headers: Record<string, string>): Promise<void> {
  let lengths: [string | null, string] = [null, ''];
  for (let attempt = 0; attempt < 10 && lengths[0] !== lengths[1]; attempt += 1) {
    const get = await fetchRaw(baseUrl, { path, headers });
    const head = await fetch(new URL(path, baseUrl), { method: 'HEAD', headers });
    lengths = [head.headers.get('content-length'), String(get.body.length)];
    if (lengths[0] !== lengths[1]) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(lengths[0], `HEAD ${path} ${JSON.stringify(headers)}`).toBe(lengths[1]);
}

let classes: BenchClass[];
beforeAll(async () => {
  // The GET classes in their plain form (MCP is a POST of JSON-RPC, measured uncoded).
  classes = (await benchClasses(baseUrl, distDir, 3)).filter(
    (item) => item.status === 200 && !item.id.includes('-') && item.requests.every((request) => (request.method ?? 'GET') === 'GET'),
  );
});

describe('every bench class in every coding', () => {
  it('covers the classes the bench measures', () => {
    expect(classes.map((item) => item.id)).toEqual(['default', 'detail', 'filter', 'search', 'html', 'asset']);
  });

  it.each(ACCEPTS)('Accept-Encoding %j gets %s, decoding to the same bytes as identity', async (accept, coding) => {
    for (const item of classes) {
      const { path } = item.requests[0]!;
      const isApi = isApiPath(path.split('?')[0]!);
      const headers = { 'x-request-id': REQUEST_ID };
      const plain = await fetchRaw(baseUrl, { path, headers });
      const coded = await fetchRaw(baseUrl, { path, headers: { ...headers, ...(accept === '' ? {} : { 'accept-encoding': accept }) } });
      expect(coded.status, path).toBe(200);
      expect(coded.headers['content-encoding'], `${path} ${accept}`).toBe(coding === 'identity' ? undefined : coding);
      expect(Number(coded.headers['content-length']), path).toBe(coded.body.length);
      const decoded = decode[coding as Coding](coded.body);
      expect(comparable(decoded, isApi), `${path} ${accept}`).toBe(comparable(plain.body, isApi));
      if (isApi && coding !== 'identity' && decoded.length > 1024) {
        // Spliced, not compressed per request: the per-request tail is in the body as sent.
        const tail = decoded.subarray(decoded.indexOf(',"request_id":'));
        expect(coded.body.includes(tail), `${path} ${accept}: tail verbatim`).toBe(true);
      }
      // fetch() adds an Accept-Encoding of its own when none is given, so HEAD is compared where one is sent.
      if (accept !== '') await expectHeadLikeGet(path, { ...headers, 'accept-encoding': accept });
    }
  });

  it('HEAD on the API states the Content-Length GET sends, in each coding', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      await expectHeadLikeGet(apiUrl('getCatalog'), { 'x-request-id': REQUEST_ID, 'accept-encoding': accept });
      await expectHeadLikeGet(`${apiUrl('getCatalog')}?nope=1`, { 'x-request-id': REQUEST_ID, 'accept-encoding': accept });
    }
  });
});

describe('spliced Brotli in real clients', () => {
  const catalog = apiUrl('getCatalog');

  it('curl --compressed decodes it', () => {
    const out = execFileSync('curl', ['--silent', '--show-error', '-H', 'Accept-Encoding: br', '--compressed', `${baseUrl}${catalog}`], {
      encoding: 'utf8',
    });
    const body = JSON.parse(out) as { payload: { version: string }; request_id: string };
    expect(body.payload.version).toMatch(/\S/);
    expect(body.request_id).toMatch(/\S/);
  });

  it('Chromium gets br for its own Accept-Encoding and decodes it', async () => {
    const browser = await chromium.launch({
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    try {
      const page = await browser.newPage();
      const response = await page.goto(`${baseUrl}${catalog}`);
      expect(response?.headers()['content-encoding']).toBe('br');
      const text = await response!.text();
      const body = JSON.parse(text) as { payload: { version: string }; query: unknown };
      expect(body.payload.version).toMatch(/\S/);
      expect(body.query).toEqual({});
    } finally {
      await browser.close();
    }
  });
});
