/** Everything the site publishes, as one list: fixed figures for the shipped content. */
import { describe, expect, it } from 'vitest';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { publishedResources } from '../../src/discovery/resources.ts';
import { STANDALONE_DOCUMENT_PATHS } from '../support/route-tables.ts';

const published = publishedResources(loadCatalogFromFiles());

describe('publishedResources', () => {
  it('holds 80 pages, 21 endpoints, 9 exports and 15 documents, 14 of them files of their own', () => {
    expect(
      [published.pages, published.endpoints, published.exports, published.documents, published.standaloneDocuments].map(
        (list) => list.length,
      ),
    ).toEqual([80, 21, 9, 15, 14]);
    expect(published.standaloneDocuments.map((resource) => resource.path)).toEqual([...STANDALONE_DOCUMENT_PATHS]);
  });

  it('gives every resource a concrete URL, each once', () => {
    const all = [...published.pages, ...published.endpoints, ...published.exports, ...published.standaloneDocuments];
    for (const resource of all) expect(resource.url, resource.path).not.toContain('{');
    expect(new Set(all.map((resource) => resource.url)).size).toBe(80 + 21 + 9 + 14);
  });
});
