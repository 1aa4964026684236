/**
 * The cache policy the deployment guide tells a static host or CDN to copy: every hashed asset of
 * the build (Astro's, and the search index's files named by a hash of their content) is immutable
 * for a year; every other file revalidates with its ETag.
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');
const client = join(process.env['DIST_DIR'] ?? 'dist', 'client');

/** Every file of dist/client as a site path. */
const sitePaths = readdirSync(client, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => `/${relative(client, join(entry.parentPath, entry.name)).split(sep).join('/')}`);

/** Files named by a hash of their content: Astro's assets; the search index's `<language>_<hash>.pf_*` files. */
const hashed = (path: string) =>
  path.startsWith('/_astro/') || /^\/pagefind\/(?:.*\/)?(?:pagefind\.)?[a-z-]+_[0-9a-f]{7,}\.pf_[a-z]+$/.test(path);

describe('cache headers of dist/client', () => {
  it('has hashed assets, hashed search index files and other files', () => {
    expect(sitePaths.filter((path) => path.startsWith('/_astro/')).length).toBeGreaterThan(0);
    expect(sitePaths.filter((path) => path.startsWith('/pagefind/') && hashed(path)).length).toBeGreaterThan(0);
    expect(sitePaths.filter((path) => !hashed(path)).length).toBeGreaterThan(0);
  });

  it.each(sitePaths)('%s', async (path) => {
    // The file as requested: index.html through its directory URL.
    const url = path.endsWith('/index.html') ? path.slice(0, -'index.html'.length) : path;
    const response = await fetch(`${baseUrl}${url}`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    if (hashed(path)) {
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    } else {
      expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(response.headers.get('etag')).toBeTruthy();
    }
  });
});

/** Headers that describe a file; an error about that file must carry none of them. */
const REPRESENTATION = ['content-encoding', 'etag', 'last-modified', 'content-range', 'accept-ranges', 'vary'];
const asset = sitePaths.find((path) => path.startsWith('/_astro/') && path.endsWith('.css'))!;

describe('errors about a file carry none of its headers and are never stored', () => {
  it.each([
    ['If-Match with another ETag', { 'If-Match': '"not-this-one"' }, 412],
    ['If-Unmodified-Since before the file', { 'If-Unmodified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT' }, 412],
    ['a Range past the end', { Range: 'bytes=99999999-' }, 416],
  ])('%s on an asset and a page, in every coding', async (_label, conditional, status) => {
    for (const path of [asset, '/']) {
      for (const coding of ['br', 'gzip', 'identity']) {
        for (const method of ['GET', 'HEAD']) {
          const where = `${method} ${path} (${coding})`;
          const response = await fetch(`${baseUrl}${path}`, { method, headers: { ...conditional, 'Accept-Encoding': coding } });
          expect(response.status, where).toBe(status);
          expect(response.headers.get('cache-control'), where).toBe('no-store');
          // A 416 says how long the file is, and nothing else of it (RFC 9110 §15.5.17).
          for (const name of REPRESENTATION.filter((name) => status !== 416 || name !== 'content-range'))
            expect(response.headers.get(name), `${where}: ${name}`).toBeNull();
          if (status === 416) expect(response.headers.get('content-range'), where).toMatch(/^bytes \*\/\d+$/);
        }
      }
    }
  });

  it.each(['GET', 'HEAD'])('%s of a missing hashed asset is a 404 with Cache-Control', async (method) => {
    const response = await fetch(`${baseUrl}${asset.replace(/\.css$/, '.missing.css')}`, { method });
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('a matching If-Match still serves the asset with its policy', async () => {
    const etag = (await fetch(`${baseUrl}${asset}`, { method: 'HEAD', headers: { 'Accept-Encoding': 'identity' } })).headers.get('etag')!;
    const response = await fetch(`${baseUrl}${asset}`, { headers: { 'If-Match': etag, 'Accept-Encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
