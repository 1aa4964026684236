/**
 * The audit snapshot, with fixed figures for the shipped content (so a miscount cannot agree with
 * itself) and a broken fixture: a copy of the content with one more project.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultPayloadJson } from '../../src/api/handlers.ts';
import { routeById, type RouteId } from '../../src/routes/routes.ts';
import type { Catalog } from '../../src/catalog/catalog.ts';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { buildAudit } from '../../src/discovery/audit.ts';
import { STANDALONE_DOCUMENT_PATHS } from '../support/route-tables.ts';

/** The audit as the API builds it. */
const auditOf = (catalog: Catalog) => buildAudit(catalog, (route) => defaultPayloadJson(route, catalog));

describe('the audit', () => {
  const catalog = loadCatalogFromFiles();
  const audit = auditOf(catalog);

  it('lists the 404 and search pages apart, as utility pages, outside the page routes and counts', () => {
    expect(audit.utility_pages).toEqual([
      { path: '/404/', title: 'Page not found' },
      { path: '/search/', title: 'Search' },
    ]);
    const pageRoutes = new Set(audit.routes.filter((route) => route.kind === 'page').map((route) => route.path));
    expect(audit.utility_pages.filter((page) => pageRoutes.has(page.path))).toEqual([]);
  });

  it('counts the shipped site: 80 pages and their 80 translations (and their 160 Markdown twins), 21 endpoints, 9 exports, 17 documents, 6 operational dossiers', () => {
    expect(audit.counts).toEqual({
      pages: 80,
      translations: 80,
      endpoints: 21,
      operations: 6,
      exports: 9,
      documents: 17,
      twins: 160,
      entries: {
        profile: 1,
        profiles: 2,
        links: 8,
        cases: 16,
        categories: 7,
        capabilities: 9,
        stacks: 21,
        projects: 16,
        operations: 6,
        journeys: 4,
        trust: 8,
      },
    });
  });

  it('says where each language lives and how many pages it has', () => {
    expect(audit.languages).toEqual([
      { locale: 'en-US', pages: 80, prefix: '/' },
      { locale: 'pt-BR', pages: 80, prefix: '/pt-br/' },
    ]);
  });

  it('lists one route per page, endpoint, export and document', () => {
    const kinds = audit.routes.map((route) => route.kind);
    expect(kinds.filter((kind) => kind === 'page')).toHaveLength(80);
    expect(kinds.filter((kind) => kind === 'endpoint')).toHaveLength(21);
    expect(kinds.filter((kind) => kind === 'export')).toHaveLength(9);
    expect(audit.routes.filter((route) => route.kind === 'document').map((route) => route.path)).toEqual([
      ...STANDALONE_DOCUMENT_PATHS,
      routeById('getContract').path,
    ]);
  });

  it('hashes every export but its own, naming the endpoint each one copies', () => {
    const sources: Record<string, RouteId> = {
      '/data/site-catalog.json': 'getCatalog',
      '/data/site-discovery.json': 'listDiscovery',
      '/data/site-portfolio.json': 'getPortfolio',
      '/data/site-categories.json': 'listCategories',
      '/data/site-capabilities.json': 'listCapabilities',
      '/data/site-stacks.json': 'listStacks',
      '/data/site-projects.json': 'listProjects',
      '/data/site-operations.json': 'listOperations',
    };
    expect(audit.exports.map((item) => [item.path, item.source])).toEqual(
      Object.entries(sources).map(([path, id]) => [path, routeById(id).path]),
    );
    for (const item of audit.exports) expect(item.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rises by one page and one project when an editor adds a project', () => {
    const root = mkdtempSync(join(tmpdir(), 'content-'));
    try {
      cpSync('content', join(root, 'content'), { recursive: true });
      const source = readFileSync(join(root, 'content/projects/docs-hub.yaml'), 'utf8');
      writeFileSync(
        join(root, 'content/projects/docs-hub-next.yaml'),
        source.replace(/^slug: docs-hub$/m, 'slug: docs-hub-next').replace(/^name: .*$/m, 'name: Docs Hub Next'),
      );
      const larger = auditOf(loadCatalogFromFiles(join(root, 'content'), root));
      expect([larger.counts.pages, larger.counts.entries.projects, larger.counts.endpoints]).toEqual([81, 17, 21]);
      expect(larger.routes.map((route) => route.path)).toContain('/projects/docs-hub-next/');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
