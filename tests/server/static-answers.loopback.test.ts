/**
 * Static answers as good as API answers: every kind of file the site serves (pages, their Markdown
 * twins, exports, llms files, discovery documents, the server card, assets, the largest file, which
 * goes through `send`) answers If-None-Match with a 304 whatever Cache-Control the request carries
 * (RFC 9110 §13.1.2: `no-cache` is for caches, and fetch() sends it beside a script's own
 * If-None-Match), and carries the API's open CORS and preflight. The files come from the discovery
 * inventory the API serves and the documents the server answers itself, not from a typed list. Runs
 * through Node and, in `npm run test:nginx`, through nginx.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { CORS_HEADERS, PREFLIGHT_HEADERS } from '../../src/api/response-policy.ts';
import { twinPath } from '../../src/discovery/markdown-twins.ts';
import { servedDocuments } from '../../src/integrations/server-bundle.ts';
import { MAX_LIMIT, PARAM_NAMES } from '../../src/routes/params.ts';
import { routeById } from '../../src/routes/routes.ts';
import { SEARCH_INDEX_FOLDER } from '../../src/site/pages.ts';
import { fetchApi } from '../support/api-call.ts';
import { expectSecurityHeaders } from '../support/security-headers.ts';
import { largestClientFile } from '../support/server.ts';

const baseUrl = inject('baseUrl');
const distDir = process.env['DIST_DIR'] ?? 'dist';
const clientDir = join(distDir, 'client');

/** The discovery inventory's URLs of one kind (page, export, document), as a client finds them. */
async function inventory(kind: string): Promise<string[]> {
  const search = new URLSearchParams({ [PARAM_NAMES.kind]: kind, [PARAM_NAMES.limit]: String(MAX_LIMIT) });
  const result = await fetchApi(baseUrl, `${routeById('listDiscovery').path}?${search}`);
  const items = (JSON.parse(result.text ?? '{}') as { payload: { items: { url: string }[] } }).payload.items;
  return items.map((item) => item.url).filter((url) => url.startsWith('/') && !url.startsWith('/api/'));
}

/** Every kind of file, each with the URLs that stand for it. */
async function filesByKind(): Promise<Map<string, string[]>> {
  const pages = await inventory('page');
  // Astro's assets and the search index, as the build wrote them (not their .br and .gz siblings).
  const assets = ['_astro', SEARCH_INDEX_FOLDER].flatMap((folder) =>
    readdirSync(join(clientDir, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
      .map((entry) => `/${relative(clientDir, join(entry.parentPath, entry.name)).split(sep).join('/')}`),
  );
  return new Map([
    ['page', pages],
    ['twin', pages.map(twinPath).filter((twin) => existsSync(join(clientDir, twin)))],
    ['export', await inventory('export')],
    ['document', await inventory('document')],
    ['served document', servedDocuments('http://localhost').map((document) => document.path)],
    ['asset', assets],
    ['large file', [largestClientFile(distDir).path]],
  ]);
}

/** Request headers of a kind: the large file unencoded, over 1 MB, so `send` answers rather than a prepared answer. */
const requestHeaders = (kind: string): Record<string, string> => (kind === 'large file' ? { 'Accept-Encoding': 'identity' } : {});

const kinds = await filesByKind();

describe('every kind of public file', () => {
  it('is found: each kind has files', () => {
    for (const [kind, paths] of kinds) expect(paths.length, kind).toBeGreaterThan(0);
    console.info(`static answers: ${[...kinds].map(([kind, paths]) => `${paths.length} ${kind}`).join(', ')}`);
  });

  it.each([...kinds])('%s: 304 to its ETag even with Cache-Control: no-cache, open CORS on 200 and 304', async (kind, paths) => {
    for (const path of paths) {
      const ok = await fetchApi(baseUrl, path, { headers: requestHeaders(kind) });
      expect(ok.status, `${kind} ${path}`).toBe(200);
      const etag = ok.headers.get('etag');
      expect(etag, `${kind} ${path} has an ETag`).toBeTruthy();
      for (const [name, value] of Object.entries(CORS_HEADERS)) expect(ok.headers.get(name), `${name} of ${path}`).toBe(value);
      // What fetch() sends when a script sets If-None-Match itself.
      for (const cacheControl of ['no-cache', 'max-age=0', undefined]) {
        const headers = {
          ...requestHeaders(kind),
          'If-None-Match': etag!,
          ...(cacheControl ? { 'Cache-Control': cacheControl, Pragma: 'no-cache' } : {}),
        };
        const revalidated = await fetchApi(baseUrl, path, { headers });
        expect(revalidated.status, `${kind} ${path} with Cache-Control: ${cacheControl}`).toBe(304);
        expect(revalidated.headers.get('access-control-allow-origin'), `${path} 304`).toBe('*');
      }
    }
  });

  it.each([...kinds])('%s: the API’s CORS preflight', async (kind, paths) => {
    for (const path of paths) {
      const preflight = await fetchApi(baseUrl, path, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://app.example',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'if-none-match',
        },
      });
      expect(preflight.status, `${kind} ${path}`).toBe(204);
      for (const [name, value] of Object.entries(PREFLIGHT_HEADERS)) expect(preflight.headers.get(name), `${name} of ${path}`).toBe(value);
    }
  });

  it('a negotiated twin (Accept: text/markdown) revalidates the same way', async () => {
    const accept = { Accept: 'text/markdown' };
    const twin = await fetchApi(baseUrl, '/', { headers: accept });
    expect(twin.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(twin.headers.get('access-control-allow-origin')).toBe('*');
    const headers = { ...accept, 'Cache-Control': 'no-cache', 'If-None-Match': twin.headers.get('etag') ?? '' };
    expect((await fetchApi(baseUrl, '/', { headers })).status).toBe(304);
  });

  it('a missing file’s 404 and a refused method’s 405 carry the same CORS, as API errors do', async () => {
    const missing = `${(await inventory('export'))[0]}.missing`;
    for (const [path, method, status] of [
      [missing, 'GET', 404],
      [`${missing}/`, 'HEAD', 404],
      [missing, 'DELETE', 405],
    ] as const) {
      const refused = await fetchApi(baseUrl, path, { method });
      expect(refused.status, `${method} ${path}`).toBe(status);
      for (const [name, value] of Object.entries(CORS_HEADERS))
        expect(refused.headers.get(name), `${name} of ${method} ${path}`).toBe(value);
    }
  });

  it('a served document refuses a write with the 405 every path gives, security headers and Allow included', async () => {
    for (const { path } of servedDocuments('http://localhost')) {
      const refused = await fetchApi(baseUrl, path, { method: 'DELETE' });
      expect(refused.status, path).toBe(405);
      expect(refused.headers.get('allow'), path).toBe(PREFLIGHT_HEADERS['Allow']);
      expectSecurityHeaders(refused.headers, `DELETE ${path}`);
    }
  });

  it('the API sends the same CORS as the files', async () => {
    const api = await fetchApi(baseUrl, routeById('listStacks').path);
    for (const [name, value] of Object.entries(CORS_HEADERS)) expect(api.headers.get(name), name).toBe(value);
    const preflight = await fetchApi(baseUrl, routeById('listStacks').path, { method: 'OPTIONS' });
    for (const [name, value] of Object.entries(PREFLIGHT_HEADERS)) expect(preflight.headers.get(name), name).toBe(value);
  });
});
