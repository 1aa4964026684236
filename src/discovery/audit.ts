/** The audit snapshot: counts, routes, surfaces and exports, all computed, none typed. */
import { createHash } from 'node:crypto';
import type { Catalog } from '../catalog/catalog.ts';
import type { ApiRoute } from '../api/routes.ts';
import { DOCUMENTS } from './documents.ts';
import { defaultPayloadJson, exportPath } from './exports.ts';
import { pageInventory } from './pages.ts';

/** The export that holds the audit itself; it cannot list its own hash. */
const SELF_EXPORT = 'site-audit.json';

/** Builds the audit payload from the route table, the page inventory and the catalog. */
export function buildAudit(routes: readonly ApiRoute[], catalog: Catalog) {
  const pages = pageInventory(catalog);
  const exportRoutes = routes.filter((route) => route.exportFile !== undefined);
  const documentation = ['/openapi/', ...routes.filter((route) => route.id.startsWith('getContract')).map((route) => route.path)];
  const discovery = [
    ...DOCUMENTS.filter((document) => !document.path.startsWith('/api/')).map((document) => document.path),
    ...routes.filter((route) => route.id === 'listDiscovery').map((route) => route.path),
  ];
  return {
    counts: {
      pages: pages.length,
      endpoints: routes.length,
      operations: catalog.counts.operations,
      exports: exportRoutes.length,
      documents: DOCUMENTS.length,
      entries: catalog.counts,
    },
    routes: [
      ...pages.map((page) => ({ path: page.path, kind: 'page' as const, method: 'GET' as const })),
      ...routes.map((route) => ({ path: route.path, kind: 'endpoint' as const, method: 'GET' as const })),
      ...exportRoutes.map((route) => ({ path: exportPath(route.exportFile!), kind: 'export' as const, method: 'GET' as const })),
      ...DOCUMENTS.map((document) => ({ path: document.path, kind: 'document' as const, method: 'GET' as const })),
    ],
    surfaces: [
      { id: 'website' as const, title: 'Website', url: '/', routes: pages.length },
      { id: 'api' as const, title: 'JSON API', url: '/api/health', routes: routes.length },
      { id: 'exports' as const, title: 'Static exports', url: exportPath(exportRoutes[0]?.exportFile ?? ''), routes: exportRoutes.length },
      { id: 'documentation' as const, title: 'API documentation', url: '/openapi/', routes: documentation.length },
      { id: 'discovery' as const, title: 'Discovery', url: '/llms.txt', routes: discovery.length },
    ],
    exports: exportRoutes
      .filter((route) => route.exportFile !== SELF_EXPORT)
      .map((route) => {
        const json = defaultPayloadJson(route, routes, catalog);
        return {
          path: exportPath(route.exportFile!),
          bytes: Buffer.byteLength(json),
          sha256: createHash('sha256').update(json).digest('hex'),
          source: route.path,
        };
      }),
  };
}
