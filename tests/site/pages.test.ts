/** The page inventory of the shipped content, against fixed figures. */
import { describe, expect, it } from 'vitest';
import { apiUrl } from '../../src/routes/urls.ts';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { pageInventory } from '../../src/site/pages.ts';

const pages = pageInventory(loadCatalogFromFiles());

describe('pageInventory', () => {
  it('holds 80 pages: 14 section pages, then 16 cases, 7 categories, 21 stacks, 16 projects, 6 operations', () => {
    expect(pages).toHaveLength(80);
    const perFamily = Object.fromEntries(
      ['case', 'category', 'stack', 'project', 'operation'].map((family) => [
        family,
        pages.filter((page) => page.family === family).length,
      ]),
    );
    expect(perFamily).toEqual({ case: 16, category: 7, stack: 21, project: 16, operation: 6 });
    expect(pages.slice(0, 14).every((page) => page.entry === undefined)).toBe(true);
    expect(pages[0]?.path).toBe('/');
  });

  it('lists each path once, with a trailing slash', () => {
    const paths = pages.map((page) => page.path);
    expect(new Set(paths).size).toBe(80);
    for (const path of paths) expect(path, path).toMatch(/^\/([a-z0-9-]+\/)*$/);
  });

  it('gives every page a title and a description of at least 50 characters in both locales', () => {
    for (const page of pages) {
      for (const locale of ['en-US', 'pt-BR'] as const) {
        expect(page.title[locale]?.length, `${page.path} ${locale} title`).toBeGreaterThan(0);
        expect(page.description[locale]?.length, `${page.path} ${locale} description`).toBeGreaterThanOrEqual(50);
      }
    }
  });

  it('links a detail page to its entry and its JSON twin', () => {
    const page = pages.find((candidate) => candidate.path === '/projects/docs-hub/');
    expect(page?.family).toBe('project');
    expect(page?.entry).toEqual({ collection: 'projects', slug: 'docs-hub' });
    expect(page?.api_url).toBe(apiUrl('getProject', 'docs-hub'));
  });
});
