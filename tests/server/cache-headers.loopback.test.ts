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
  path.startsWith('/_astro/') || /^\/pagefind\/(?:.*\/)?(?:pagefind\.)?[a-z]+_[0-9a-f]{7,}\.pf_[a-z]+$/.test(path);

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
