/**
 * The discovery inventory's languages: each page says which languages it is published in, with its
 * path and twin in each, computed from the locales; nothing else claims a language, and `q` does not
 * read them.
 */
import { describe, expect, it } from 'vitest';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { buildDiscovery, discoveryItems } from '../../src/discovery/discovery-payload.ts';
import { twinPath } from '../../src/discovery/markdown-twins.ts';
import { localizedPath } from '../../src/routes/locale-paths.ts';
import { queryTerms } from '../../src/catalog/search.ts';
import { DiscoveryItemSchema } from '../../src/schemas/api.ts';
import { LOCALES } from '../../src/schemas/common.ts';
import { pageInventory } from '../../src/site/pages.ts';

const catalog = loadCatalogFromFiles();

describe('discovery: the languages of each page', () => {
  it('lists every locale for every page, the default first, with the page and its twin in that language', () => {
    for (const locale of LOCALES) {
      const pages = discoveryItems(catalog, locale).filter((item) => item.kind === 'page');
      expect(pages.map((item) => item.url)).toEqual(pageInventory(catalog).map((page) => page.path));
      for (const item of pages) {
        expect(DiscoveryItemSchema.parse(item)).toEqual(item);
        expect(item.languages, item.id).toEqual(
          LOCALES.map((other) => ({
            locale: other,
            url: localizedPath(item.url, other),
            twin_url: twinPath(localizedPath(item.url, other)),
          })),
        );
      }
    }
    const stack = discoveryItems(catalog, 'pt-BR').find((item) => item.id === 'page:/stacks/astro/')!;
    expect(stack.languages).toEqual([
      { locale: 'en-US', url: '/stacks/astro/', twin_url: '/stacks/astro.md' },
      { locale: 'pt-BR', url: '/pt-br/stacks/astro/', twin_url: '/pt-br/stacks/astro.md' },
    ]);
  });

  it('gives no languages to endpoints, exports, documents or entries', () => {
    const others = discoveryItems(catalog, 'en-US').filter((item) => item.kind !== 'page');
    expect(others.length).toBeGreaterThan(0);
    for (const item of others) expect(item.languages, item.id).toBeUndefined();
  });

  it('keeps the languages out of what `q` reads: a locale or the /pt-br/ folder finds no page by it', () => {
    for (const q of ['pt-br', 'en-us']) {
      const found = buildDiscovery(catalog, 'en-US', { terms: queryTerms(q), choices: {} }).items;
      expect(
        found.filter((item) => item.kind === 'page'),
        q,
      ).toEqual([]);
    }
  });
});
