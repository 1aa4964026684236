/**
 * Entry dates on the built server: one entry's date is the same in its detail payload, its directory
 * item, its page ("Updated" and JSON-LD), its twin and the sitemap; a section page has the newest of
 * its collection.
 */
import { describe, expect, inject, it } from 'vitest';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { collectionUpdated } from '../../src/catalog/dates.ts';

const baseUrl = inject('baseUrl');
const catalog = loadCatalogFromFiles();
const entry = catalog.get('projects', 'docs-hub')!;

async function text(path: string): Promise<string> {
  const response = await fetch(`${baseUrl}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
}
const payload = async (path: string) => (JSON.parse(await text(path)) as { payload: Record<string, unknown> }).payload;

describe('entry dates', () => {
  it('are dates from git, the same in the detail payload and the directory item', async () => {
    expect(entry.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
    const detail = await payload('/api/projects/docs-hub');
    const dates = {
      created_at: entry.created_at,
      created_commit: entry.created_commit,
      updated_at: entry.updated_at,
      updated_commit: entry.updated_commit,
    };
    expect(detail).toMatchObject(dates);
    const items = (await payload('/api/projects')).items as Record<string, unknown>[];
    expect(items.find((item) => item.slug === 'docs-hub')).toMatchObject(dates);
    expect(items.every((item) => typeof item.updated_at === 'string')).toBe(true);
  });

  it('show on the page, in its JSON-LD, its twin and the sitemap', async () => {
    const html = await text('/projects/docs-hub/');
    expect(html).toContain(`Updated <time datetime="${entry.updated_at}">`);
    expect(html).toContain(`"dateModified":"${entry.updated_at}"`);
    expect(await text('/projects/docs-hub.md')).toContain(`Updated: ${entry.updated_at}.`);
    const sitemap = await text('/sitemap-0.xml');
    expect(sitemap).toMatch(new RegExp(`/projects/docs-hub/</loc><lastmod>${entry.updated_at}</lastmod>`));
    expect(sitemap).toMatch(new RegExp(`/projects/</loc><lastmod>${collectionUpdated(catalog, 'projects')}</lastmod>`));
    // Every page in every language, each with its date.
    expect(sitemap.match(/<lastmod>/g)).toHaveLength(80 * 2);
  });
});

describe('Last-Modified', () => {
  const httpDate = new Date(entry.updated_at).toUTCString();
  // fetch adds Cache-Control: no-cache to a conditional request unless one is given (and `fresh` then never answers 304).
  const head = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl}${path}`, { headers: { 'cache-control': 'max-age=0', ...headers } });

  it('is the entry date on its detail answer, its page, its twin: never a build time', async () => {
    for (const path of ['/api/projects/docs-hub', '/projects/docs-hub/', '/projects/docs-hub.md']) {
      const response = await head(path, { 'accept-encoding': 'br' });
      expect(response.headers.get('last-modified'), path).toBe(httpDate);
    }
    const directory = await head('/api/projects?limit=2');
    expect(directory.headers.get('last-modified')).toBe(new Date(collectionUpdated(catalog, 'projects')).toUTCString());
    expect((await head('/api/health')).headers.get('last-modified')).toBeNull();
  });

  it('answers If-Modified-Since with 304 on the API and the page, and If-None-Match decides when both are sent', async () => {
    for (const path of ['/api/projects/docs-hub', '/projects/docs-hub/']) {
      expect((await head(path, { 'if-modified-since': httpDate })).status, path).toBe(304);
      const earlier = new Date(Date.parse(entry.updated_at) - 1000).toUTCString();
      expect((await head(path, { 'if-modified-since': earlier })).status, path).toBe(200);
      expect((await head(path, { 'if-modified-since': httpDate, 'if-none-match': '"other"' })).status, path).toBe(200);
    }
    // The server remembers answers asked twice: neither a remembered 200 nor a 304 answers the other request.
    const target = '/api/projects?lang=pt-BR';
    const since = { 'if-modified-since': new Date(collectionUpdated(catalog, 'projects')).toUTCString() };
    for (let ask = 0; ask < 3; ask += 1) expect((await head(target)).status).toBe(200);
    for (let ask = 0; ask < 3; ask += 1) expect((await head(target, since)).status).toBe(304);
    expect((await head(target)).status).toBe(200);
  });
});
