/**
 * The catalog's indexes and views, built inside each test (so a mutant of `createCatalog` is seen):
 * look-ups, resolved references with and without an API URL, gates with their position and command,
 * a case with and without its project, and the errors for states validation should have refused.
 * Expected values are typed here or read from the YAML files with js-yaml.
 */
import { readdirSync, readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import { beforeEach, describe, expect, it } from 'vitest';
import { createCatalog, type Catalog } from '../../src/catalog/catalog.ts';
import { loadCollections } from '../../src/catalog/load-content.ts';
import { entryApiUrl } from '../../src/routes/urls.ts';
import type { Collections } from '../../src/schemas/collections.ts';

let catalog: Catalog;
beforeEach(() => {
  catalog = createCatalog(loadCollections());
});

/** One content file, parsed directly. */
const file = (path: string): Record<string, unknown> => yaml.load(readFileSync(`content/${path}.yaml`, 'utf8')) as Record<string, unknown>;

describe('look-ups', () => {
  it('gets an entry by slug, with its dates, and nothing for an unknown slug', () => {
    const { created_at, created_commit, updated_at, updated_commit, ...fields } = catalog.get('stacks', 'redis') ?? {};
    expect(fields).toEqual(file('stacks/redis'));
    expect([created_at, created_commit, updated_at, updated_commit].every((value) => typeof value === 'string')).toBe(true);
    expect(catalog.get('stacks', 'no-such-stack')).toBeUndefined();
    expect(catalog.profile.slug).toBe('oficina-norte');
  });

  it('resolves a reference: name in every locale, page URL, and an API URL only for detail collections', () => {
    expect(catalog.ref('stacks', 'redis')).toEqual({
      slug: 'redis',
      name: { 'en-US': 'Redis', 'pt-BR': 'Redis' },
      url: '/stacks/redis/',
      api_url: entryApiUrl('stacks', 'redis'),
    });
    expect(catalog.ref('categories', 'data-products')).toMatchObject({
      name: { 'en-US': 'Data products', 'pt-BR': 'Produtos de dados' },
      url: '/categories/data-products/',
    });
    const capability = catalog.ref('capabilities', 'api-design');
    expect(capability.url).toBe('/capabilities/#api-design');
    expect(Object.hasOwn(capability, 'api_url')).toBe(false);
  });

  it('refuses a reference to an entry that does not exist', () => {
    expect(() => catalog.ref('stacks', 'no-such-stack')).toThrow(
      'Unresolved stacks slug "no-such-stack" (validation should have caught it)',
    );
  });
});

describe('views', () => {
  it('gives each gate of an operation its canonical position and command', () => {
    expect(catalog.operationDetail('auditable-api')?.gates).toEqual([
      { name: 'site:export', position: 1, command: 'npm run site:export' },
      { name: 'test', position: 4, command: 'npm run test' },
    ]);
  });

  it('resolves the relations of a project detail', () => {
    const written = file('projects/ledger-sync');
    const detail = catalog.projectDetail('ledger-sync')!;
    expect(detail.slug).toBe('ledger-sync');
    expect(detail.category.slug).toBe(written['category']);
    expect(detail.stacks.map((ref) => ref.slug)).toEqual(written['stacks']);
    expect(detail.capabilities.map((ref) => ref.slug)).toEqual(written['capabilities']);
    expect(detail.operations.map((ref) => ref.slug)).toEqual(written['operations']);
    expect(detail.related.map((ref) => ref.slug)).toEqual(written['related']);
  });

  it('gives a case its category, stacks and project as references', () => {
    const detail = catalog.caseDetail('bookstore-payment-reconciliation')!;
    expect(detail.slug).toBe('bookstore-payment-reconciliation');
    expect(detail.year).toBe(2024);
    expect(detail.category).toMatchObject({ slug: 'digital-commerce', url: '/categories/digital-commerce/' });
    expect(detail.stacks.map((ref) => ref.slug)).toEqual(['python', 'postgresql', 'docker']);
    expect(detail.project).toMatchObject({ slug: 'ledger-sync', url: '/projects/ledger-sync/' });
  });

  it('leaves the project out of a case that names none', () => {
    const detail = catalog.caseDetail('agricultural-price-bulletins')!;
    expect(detail.category.slug).toBe('data-products');
    expect(Object.hasOwn(detail, 'project')).toBe(false);
  });
});

describe('counts and version', () => {
  it('counts the files of each collection', () => {
    expect(catalog.counts.cases).toBe(readdirSync('content/cases').filter((name) => name.endsWith('.yaml')).length);
    expect(catalog.counts.profile).toBe(1);
  });

  it('refuses collections without the studio profile', () => {
    const collections = { ...catalog.collections, profile: [] } as unknown as Collections;
    expect(() => createCatalog(collections)).toThrow('The profile collection is empty (validation should have caught it)');
  });
});
