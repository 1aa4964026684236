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
    expect(sitemap.match(/<lastmod>/g)).toHaveLength(80);
  });
});
