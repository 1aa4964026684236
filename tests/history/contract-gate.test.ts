/**
 * The compatibility gate on fixtures made from content/: a removed category value fails it, naming
 * the file and the value and how to deprecate instead; the same value marked deprecated with a
 * sunset passes, and the contract, the answers and the changelog carry the mark; a removed path fails.
 */
import { describe, expect, it } from 'vitest';
import { answerApi } from '../../src/api/adapter.ts';
import { createWorkerCache } from '../../src/api/cache-kinds.ts';
import { parseTarget } from '../../src/api/request-target.ts';
import { createCatalog } from '../../src/catalog/catalog.ts';
import { loadCollections } from '../../src/catalog/load-content.ts';
import type { Collections } from '../../src/schemas/collections.ts';
import { baselineOf, compareBaselines } from '../../scripts/lib/contract-gate.ts';

const cache = createWorkerCache();

const collections = loadCollections();
const released = baselineOf(createCatalog(collections));
const withCategories = (categories: Collections['categories']) => createCatalog({ ...collections, categories });
const deprecation = { since: '2026-11-27', sunset: '2027-06-30' };

describe('the compatibility gate', () => {
  it('passes the current contract against itself', () => {
    expect(compareBaselines(released, baselineOf(createCatalog(collections))).failures).toEqual([]);
  });

  it('fails on a removed category value, naming the file, the value and how to deprecate it', () => {
    const { failures, changelog } = compareBaselines(
      released,
      baselineOf(withCategories(collections.categories.filter((entry) => entry.slug !== 'public-apis'))),
    );
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/^contract:gate: content\/categories\/public-apis\.yaml: the value "public-apis" was released \(/);
    expect(failures[0]).toContain('/api/portfolio category');
    expect(failures[0]).toContain('add "deprecated: { since: ');
    expect(changelog).toContainEqual(expect.stringMatching(/^- breaking: categories value "public-apis" removed/));
  }, 60_000);

  it('passes when the value is marked deprecated with a sunset, and the marks show everywhere', () => {
    const catalog = withCategories(
      collections.categories.map((entry) => (entry.slug === 'public-apis' ? { ...entry, deprecated: deprecation } : entry)),
    );
    const current = baselineOf(catalog);
    const { failures, changelog } = compareBaselines(released, current);
    expect(failures).toEqual([]);
    expect(changelog).toContain('- deprecated: value "public-apis" of /api/portfolio category, since 2026-11-27, sunset 2027-06-30');
    const parameters = (
      current.contract as { paths: Record<string, { get: { parameters: { name: string; schema: Record<string, unknown> }[] } }> }
    ).paths['/api/portfolio']!.get.parameters;
    expect(parameters.find((parameter) => parameter.name === 'category')!.schema['x-deprecated-values']).toEqual([
      { value: 'public-apis', deprecated: true, ...deprecation },
    ]);
    for (const url of ['/api/portfolio?category=public-apis', '/api/categories/public-apis']) {
      const { status, headers } = answerApi('GET', parseTarget(url), {}, catalog, cache);
      expect(status, url).toBe(200);
      expect(headers['Deprecation'], url).toBe(`@${Date.UTC(2026, 10, 27) / 1000}`);
      expect(headers['Sunset'], url).toBe('Wed, 30 Jun 2027 00:00:00 GMT');
      expect(headers['Link'], url).toMatch(/<[^>]+\/openapi\/>; rel="deprecation"; type="text\/html"$/);
    }
    expect(answerApi('GET', parseTarget('/api/portfolio'), {}, catalog, cache).headers['Deprecation']).toBeUndefined();
  }, 60_000);

  it('fails on a removed path', () => {
    const current = baselineOf(createCatalog(collections));
    delete (current.contract as { paths: Record<string, unknown> }).paths['/api/trust'];
    const { failures } = compareBaselines(released, current);
    expect(failures.some((line) => line.startsWith('contract:gate: breaking change at paths//api/trust'))).toBe(true);
  }, 60_000);
});
