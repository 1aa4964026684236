/** Everything the site publishes, as one list: fixed figures for the shipped content. */
import { describe, expect, it } from 'vitest';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { publishedResources } from '../../src/discovery/resources.ts';
import { DOCUMENTS } from '../../src/discovery/documents.ts';
import { LOCALES } from '../../src/schemas/common.ts';
import { STANDALONE_DOCUMENT_PATHS } from '../support/route-tables.ts';

const published = publishedResources(loadCatalogFromFiles());

describe('publishedResources', () => {
  it('holds 80 pages, 21 endpoints, 9 exports and 17 documents, 16 of them files of their own', () => {
    expect(
      [published.pages, published.endpoints, published.exports, published.documents, published.standaloneDocuments].map(
        (list) => list.length,
      ),
    ).toEqual([80, 21, 9, 17, 16]);
    expect(published.standaloneDocuments.map((resource) => resource.path)).toEqual([...STANDALONE_DOCUMENT_PATHS]);
  });

  it('gives every resource a concrete URL, each once', () => {
    const all = [...published.pages, ...published.endpoints, ...published.exports, ...published.standaloneDocuments];
    for (const resource of all) expect(resource.url, resource.path).not.toContain('{');
    expect(new Set(all.map((resource) => resource.url)).size).toBe(80 + 21 + 9 + 16);
  });

  it('gives every page its languages, the default first: its path and twin in each, from the locales', () => {
    for (const page of published.pages)
      expect(
        page.languages?.map((language) => language.locale),
        page.path,
      ).toEqual([...LOCALES]);
    const stack = published.pages.find((page) => page.path === '/stacks/astro/')!;
    expect(stack.languages).toEqual([
      { locale: 'en-US', url: '/stacks/astro/', twin: '/stacks/astro.md' },
      { locale: 'pt-BR', url: '/pt-br/stacks/astro/', twin: '/pt-br/stacks/astro.md' },
    ]);
    expect(published.pages[0]!.languages).toEqual([
      { locale: 'en-US', url: '/', twin: '/index.md' },
      { locale: 'pt-BR', url: '/pt-br/', twin: '/pt-br/index.md' },
    ]);
    for (const resource of [...published.endpoints, ...published.exports, ...published.documents])
      expect(resource.languages, resource.path).toBeUndefined();
  });

  it('lists each language’s edition of the change feeds as documents, with the same media types', () => {
    const feeds = DOCUMENTS.filter((document) => /feed\.(atom|json)$/.test(document.path));
    expect(feeds.map((document) => [document.path, document.mediaType])).toEqual([
      ['/feed.atom', 'application/atom+xml'],
      ['/feed.json', 'application/json'],
      ['/pt-br/feed.atom', 'application/atom+xml'],
      ['/pt-br/feed.json', 'application/json'],
    ]);
    expect(feeds[2]!.title).toEqual({ 'en-US': 'Change feed in Portuguese (Atom)', 'pt-BR': 'Feed de mudanças em português (Atom)' });
  });
});
