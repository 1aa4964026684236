/** Everything the site publishes, as one list: fixed figures for the shipped content. */
import { describe, expect, it } from 'vitest';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { publishedResources } from '../../src/discovery/resources.ts';

const published = publishedResources(loadCatalogFromFiles());

describe('publishedResources', () => {
  it('holds 80 pages, 21 endpoints, 9 exports and 12 documents, 11 of them files of their own', () => {
    expect(
      [published.pages, published.endpoints, published.exports, published.documents, published.standaloneDocuments].map(
        (list) => list.length,
      ),
    ).toEqual([80, 21, 9, 12, 11]);
    expect(published.standaloneDocuments.map((resource) => resource.path)).toEqual([
      '/llms.txt',
      '/llms-full.txt',
      '/.well-known/api-catalog',
      '/sitemap.md',
      '/skill.md',
      '/.well-known/agent-skills/index.json',
      '/.well-known/agent-skills/oficina-norte-catalog/SKILL.md',
      '/.well-known/ai-catalog.json',
      '/mcp/server-card',
      '/robots.txt',
      '/sitemap-index.xml',
    ]);
  });

  it('gives every resource a concrete URL, each once', () => {
    const all = [...published.pages, ...published.endpoints, ...published.exports, ...published.standaloneDocuments];
    for (const resource of all) expect(resource.url, resource.path).not.toContain('{');
    expect(new Set(all.map((resource) => resource.url)).size).toBe(80 + 21 + 9 + 11);
  });
});
