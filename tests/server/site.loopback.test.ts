/** The production server outside /api: read-only pages and files, the HTML 404, security headers. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { EXPORT_ROUTES } from '../../src/routes/routes.ts';
import { fetchApi } from '../support/api-call.ts';
import { rawRequest } from '../support/raw-http.ts';
import { expectSecurityHeaders, parseCsp } from '../support/security-headers.ts';

const baseUrl = inject('baseUrl');
const firstExport = `/data/${EXPORT_ROUTES[0]?.exportFile ?? 'missing.json'}`;

/** A hashed asset the home page links to, so the test follows the build instead of guessing names. */
async function someAsset(): Promise<string | undefined> {
  const html = (await fetchApi(baseUrl, '/')).text ?? '';
  return /(?:href|src)="(\/_astro\/[^"]+)"/.exec(html)?.[1];
}

describe('read-only site', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND'])(
    'answers %s on a page, an export and an asset with 405 and Allow',
    async (method) => {
      const asset = await someAsset();
      for (const path of ['/', firstExport, '/robots.txt', '/no-such-page/', ...(asset ? [asset] : [])]) {
        const result = await rawRequest(baseUrl, path, {
          method,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'a=1',
        });
        expect(result.status, `${method} ${path}`).toBe(405);
        expect(result.headers.get('allow'), path).toBe('GET, HEAD, OPTIONS');
        expectSecurityHeaders(result.headers, `${method} ${path}`);
      }
    },
  );

  it('answers OPTIONS on a page with 204 and Allow', async () => {
    const result = await fetchApi(baseUrl, '/', { method: 'OPTIONS' });
    expect(result.status).toBe(204);
    expect(result.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('serves pages and exports to GET and HEAD', async () => {
    for (const path of ['/', firstExport]) {
      expect((await fetchApi(baseUrl, path)).status, path).toBe(200);
      const head = await fetchApi(baseUrl, path, { method: 'HEAD' });
      expect(head.status, path).toBe(200);
      expect(head.text, path).toBeNull();
    }
  });
});

describe('not found', () => {
  it.each(['/no-such-page/', '/no-such-page', '/projects/no-such-project/', '/data/no-such-export.json', '/API/health'])(
    'answers %s with the HTML 404 page and status 404',
    async (path) => {
      const result = await fetchApi(baseUrl, path);
      expect(result.status).toBe(404);
      expect(result.headers.get('content-type')).toMatch(/^text\/html/);
      expect(result.text).toMatch(/<html[\s>]/i);
      expectSecurityHeaders(result.headers, path);
    },
  );
});

describe('security headers', () => {
  it('are sent with a page', async () => {
    const result = await fetchApi(baseUrl, '/');
    expect(result.headers.get('content-type')).toMatch(/^text\/html/);
    expectSecurityHeaders(result.headers, '/');
  });

  it('are sent with a static export', async () => {
    const result = await fetchApi(baseUrl, firstExport);
    expect(result.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expectSecurityHeaders(result.headers, firstExport);
  });

  it('are sent with an API response and an API error', async () => {
    expectSecurityHeaders((await fetchApi(baseUrl, '/api/health')).headers, '/api/health');
    expectSecurityHeaders((await fetchApi(baseUrl, '/api/projects?x=1')).headers, '/api/projects?x=1');
  });
});

describe('styles under the Content-Security-Policy', () => {
  const client = join(process.env['DIST_DIR'] ?? 'dist', 'client');
  const pages = readdirSync(client, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));

  it('no built page has an inline <style> or a style attribute', () => {
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(readFileSync(page, 'utf8'), page).not.toMatch(/<style[\s>]|\sstyle\s*=/i);
  });

  it.each(['/', '/projects/', '/no-such-page/', '/workbench/'])('%s allows styles from files only', async (path) => {
    const csp = parseCsp((await fetchApi(baseUrl, path)).headers.get('content-security-policy') ?? '');
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.has('style-src-attr')).toBe(false);
    expect([...csp.values()].flat()).not.toContain("'unsafe-inline'");
  });

  // However its URL is spelled: the policy belongs to the document sent.
  it.each(['/openapi/', '/openapi', '/openapi/index.html'])(
    'the API reference allows style attributes (Swagger UI sets them) and nothing more: %s',
    async (path) => {
      const csp = parseCsp((await fetchApi(baseUrl, path)).headers.get('content-security-policy') ?? '');
      expect(csp.get('style-src')).toEqual(["'self'"]);
      expect(csp.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
    },
  );
});
