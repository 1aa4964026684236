/**
 * What a workbench run loads: read from the contract and the audit the site serves. Fixed
 * fixtures for each rule, then the shipped site's own contract and audit: 41 resources.
 */
import { describe, expect, it } from 'vitest';
import { defaultPayloadJson } from '../../src/api/handlers.ts';
import { apiUrl } from '../../src/routes/urls.ts';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { buildContract } from '../../src/contract/build.ts';
import { buildAudit } from '../../src/discovery/audit.ts';
import { auditRoutes, buildInventory, contractPaths, detailOf, detailUrl } from '../../src/workbench/resource-list.ts';
import { STANDALONE_DOCUMENT_PATHS } from '../support/route-tables.ts';

/** A fixture contract and audit; the paths are made up (the workbench reads them, never types them). */
const contract = { paths: { '/v9/status': {}, '/v9/spec.json': {}, '/v9/things': {}, '/v9/things/{slug}': {} } };
const audit = {
  routes: [
    { path: '/', kind: 'page' },
    { path: '/v9/status', kind: 'endpoint' },
    { path: '/files/things.json', kind: 'export' },
    { path: '/files/index.json', kind: 'export' },
    { path: '/robots.txt', kind: 'document' },
    { path: '/v9/spec.json', kind: 'document' },
    { path: 42, kind: 'document' },
  ],
};

describe('contractPaths and auditRoutes', () => {
  it('read the paths of a contract and the routes of one kind of an audit', () => {
    expect(contractPaths(contract)).toEqual(['/v9/status', '/v9/spec.json', '/v9/things', '/v9/things/{slug}']);
    expect(auditRoutes(audit, 'export')).toEqual(['/files/things.json', '/files/index.json']);
    expect(auditRoutes(audit, 'document')).toEqual(['/robots.txt', '/v9/spec.json']);
  });

  it.each([undefined, null, 'not json', [], { paths: [] }, { routes: {} }])('read nothing from %j', (payload) => {
    expect(contractPaths(payload)).toEqual([]);
    expect(auditRoutes(payload, 'page')).toEqual([]);
  });
});

describe('buildInventory', () => {
  it('lists endpoints, then exports, then the documents that are not endpoints already', () => {
    expect(buildInventory(contract, audit, ['/v9/spec.json', '/v9/audit'])).toEqual([
      { kind: 'endpoint', path: '/v9/status' },
      { kind: 'endpoint', path: '/v9/spec.json' },
      { kind: 'endpoint', path: '/v9/things' },
      { kind: 'endpoint', path: '/v9/things/{slug}' },
      { kind: 'endpoint', path: '/v9/audit' },
      { kind: 'export', path: '/files/things.json' },
      { kind: 'export', path: '/files/index.json' },
      { kind: 'document', path: '/robots.txt' },
    ]);
  });

  it('keeps the bootstrap URLs when the contract and the audit are unreadable, so their rows can say why', () => {
    expect(buildInventory(undefined, 'garbage', ['/v9/spec.json', '/v9/audit'])).toEqual([
      { kind: 'endpoint', path: '/v9/spec.json' },
      { kind: 'endpoint', path: '/v9/audit' },
    ]);
  });

  it('lists 46 resources for the shipped site: 21 endpoints, 9 exports, 16 documents that are not endpoints', () => {
    const catalog = loadCatalogFromFiles();
    // As the API serves them: JSON, so only what survives serialization counts.
    const served = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
    const inventory = buildInventory(
      served(buildContract(catalog)),
      served(buildAudit(catalog, (route) => defaultPayloadJson(route, catalog))),
      [apiUrl('getContract'), apiUrl('getAudit')],
    );
    expect(inventory).toHaveLength(46);
    expect(inventory.filter((resource) => resource.kind === 'endpoint')).toHaveLength(21);
    expect(inventory.filter((resource) => resource.kind === 'export')).toHaveLength(9);
    expect(inventory.filter((resource) => resource.kind === 'document').map((resource) => resource.path)).toEqual([
      ...STANDALONE_DOCUMENT_PATHS,
    ]);
  });
});

describe('detailOf and detailUrl', () => {
  it('split a detail path into its directory and parameter', () => {
    expect(detailOf('/v9/things/{slug}')).toEqual({ directory: '/v9/things', parameter: 'slug' });
    expect(detailOf('/v9/things/{id}')).toEqual({ directory: '/v9/things', parameter: 'id' });
    expect(detailOf('/v9/things')).toBeUndefined();
    expect(detailOf('/v9/{slug}/things')).toBeUndefined();
  });

  it('fill the parameter from the first item of the directory, encoded', () => {
    expect(detailUrl('/v9/things/{slug}', 'slug', { items: [{ slug: 'docs-hub' }, { slug: 'other' }] })).toBe('/v9/things/docs-hub');
    expect(detailUrl('/v9/things/{slug}', 'slug', { items: [{ slug: 'a b/c' }] })).toBe('/v9/things/a%20b%2Fc');
  });

  it.each([
    ['no items', { items: [] }],
    ['an empty slug', { items: [{ slug: '' }] }],
    ['a slug that is not text', { items: [{ slug: 7 }] }],
    ['no directory payload', undefined],
  ])('give no URL for %s', (_label, payload) => {
    expect(detailUrl('/v9/things/{slug}', 'slug', payload)).toBeUndefined();
  });
});
