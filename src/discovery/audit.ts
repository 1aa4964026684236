/** The audit snapshot: counts, routes, surfaces and exports, all computed, none typed. */
import { createHash } from 'node:crypto';
import { routeById, type RouteSpec } from '../routes/routes.ts';
import { apiUrl } from '../routes/urls.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { DEFAULT_LOCALE, LOCALES } from '../schemas/common.ts';
import { LOCALE_SEGMENTS, localizedPath } from '../routes/locale-paths.ts';
import { UTILITY_PAGES } from '../site/pages.ts';
import { twinPath } from './markdown-twins.ts';
import { publishedResources } from './resources.ts';

/** The export that holds the audit itself; it cannot list its own hash. */
const SELF_EXPORT = routeById('getAudit').exportFile;
/** The contract endpoints (latest and versioned alias) count as documentation. */
const CONTRACT_ROUTES = new Set<string>(['getContract', 'getContractV1']);

/**
 * Builds the audit payload from the published resources and the catalog. `exportJson` gives the
 * bytes of an export (the default payload of its route), so the audit can hash what is served.
 */
export function buildAudit(catalog: Catalog, exportJson: (route: RouteSpec) => string) {
  const { pages, endpoints, exports, documents, standaloneDocuments } = publishedResources(catalog);
  const referencePage = pages.find((page) => page.page?.family === 'openapi')!;
  const documentation = [referencePage, ...endpoints.filter((endpoint) => CONTRACT_ROUTES.has(endpoint.route!.id))];
  const discovery = [...standaloneDocuments, ...endpoints.filter((endpoint) => endpoint.route!.id === 'listDiscovery')];
  const asRoute = (kind: 'page' | 'endpoint' | 'export' | 'document') => (resource: { path: string }) => ({
    path: resource.path,
    kind,
    method: 'GET' as const,
  });
  // Every page is published in every language (src/pages/[...lang]/): its translations are counted apart.
  const languages = LOCALES.map((locale) => ({
    locale,
    pages: new Set(pages.map((page) => localizedPath(page.path, locale))).size,
    prefix: LOCALE_SEGMENTS[locale] === undefined ? '/' : `/${LOCALE_SEGMENTS[locale]}/`,
  }));
  return {
    counts: {
      pages: pages.length,
      translations: languages.filter((language) => language.locale !== DEFAULT_LOCALE).reduce((sum, language) => sum + language.pages, 0),
      endpoints: endpoints.length,
      operations: catalog.counts.operations,
      exports: exports.length,
      documents: documents.length,
      twins: new Set(LOCALES.flatMap((locale) => pages.map((page) => twinPath(localizedPath(page.path, locale))))).size,
      entries: catalog.counts,
    },
    languages,
    routes: [
      ...pages.map(asRoute('page')),
      ...endpoints.map(asRoute('endpoint')),
      ...exports.map(asRoute('export')),
      ...documents.map(asRoute('document')),
    ],
    surfaces: [
      { id: 'website' as const, title: 'Website', url: pages[0]!.path, routes: pages.length },
      { id: 'api' as const, title: 'JSON API', url: apiUrl('getHealth'), routes: endpoints.length },
      { id: 'exports' as const, title: 'Static exports', url: exports[0]?.path ?? '', routes: exports.length },
      { id: 'documentation' as const, title: 'API documentation', url: referencePage.path, routes: documentation.length },
      { id: 'discovery' as const, title: 'Discovery', url: standaloneDocuments[0]!.path, routes: discovery.length },
    ],
    utility_pages: UTILITY_PAGES.map((page) => ({ path: page.path, title: page.title[DEFAULT_LOCALE] })),
    exports: exports
      .filter((resource) => resource.route!.exportFile !== SELF_EXPORT)
      .map((resource) => {
        const json = exportJson(resource.route!);
        return {
          path: resource.path,
          bytes: Buffer.byteLength(json),
          sha256: createHash('sha256').update(json).digest('hex'),
          source: resource.route!.path,
        };
      }),
  };
}
