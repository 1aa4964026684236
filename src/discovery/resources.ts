/**
 * Everything the site publishes, as one list: pages, endpoints, exports and documents. The audit,
 * discovery, llms.txt, the workbench and matrix:check all read it, so they cannot disagree.
 */
import { EXPORT_ROUTES, ROUTES, type RouteSpec } from '../routes/routes.ts';
import { exampleUrl, exportPath } from '../routes/urls.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { memo } from '../catalog/memo.ts';
import { localizedPath } from '../routes/locale-paths.ts';
import { LOCALES, sameInEveryLocale, type Locale, type LocalizedText } from '../schemas/common.ts';
import { pageInventory, type PageRecord } from '../site/pages.ts';
import { DOCUMENTS, type DocumentRecord } from './documents.ts';
import { twinPath } from './markdown-twins.ts';

/** A page in one of its languages: where it is published and where its Markdown twin is. */
export interface PageLanguage {
  locale: Locale;
  /** The page's path in that language (`/pt-br/stacks/astro/`). */
  url: string;
  /** Its Markdown twin (`/pt-br/stacks/astro.md`). */
  twin: string;
}

/**
 * The languages a page is published in, the default first: every locale, since every page is built
 * once per locale (src/pages/[...lang]/, getStaticPaths over LOCALES), at the locale's path.
 */
export function pageLanguages(page: PageRecord): readonly PageLanguage[] {
  return LOCALES.map((locale) => {
    const url = localizedPath(page.path, locale);
    return { locale, url, twin: twinPath(url) };
  });
}

/** One published resource; `url` is a concrete URL that answers 200. */
export interface PublishedResource {
  kind: 'page' | 'endpoint' | 'export' | 'document';
  /** As published: the page path, the route's path template, the export's or document's path. */
  path: string;
  url: string;
  title: LocalizedText;
  summary: LocalizedText;
  /** The JSON twin or source endpoint, when there is one. */
  api_url?: string;
  page?: PageRecord;
  /** For a page: the page in each language it is published in, with its twin, the default first. */
  languages?: readonly PageLanguage[];
  route?: RouteSpec;
  document?: DocumentRecord;
}

/** The export of a route: where it lives and what it says of itself. */
function exportResource(route: RouteSpec & { exportFile: string }): PublishedResource {
  return {
    kind: 'export',
    path: exportPath(route.exportFile),
    url: exportPath(route.exportFile),
    title: sameInEveryLocale(route.exportFile),
    summary: sameInEveryLocale(`Static export of ${route.path}: its default payload, byte for byte.`),
    api_url: route.path,
    route,
  };
}

/** Every published resource, grouped by kind in this order: pages, endpoints, exports, documents. */
export function publishedResources(catalog: Catalog): {
  pages: readonly PublishedResource[];
  endpoints: readonly PublishedResource[];
  exports: readonly PublishedResource[];
  documents: readonly PublishedResource[];
  /** The documents that are files of their own, not also endpoints (the contract is both). */
  standaloneDocuments: readonly PublishedResource[];
} {
  return memo(catalog, 'published-resources', () => {
    const documents = DOCUMENTS.map((document) => ({
      kind: 'document' as const,
      path: document.path,
      url: document.path,
      title: document.title,
      summary: document.summary,
      document,
    }));
    return {
      pages: pageInventory(catalog).map((page) => ({
        kind: 'page' as const,
        path: page.path,
        url: page.path,
        title: page.title,
        summary: page.description,
        ...(page.api_url ? { api_url: page.api_url } : {}),
        page,
        languages: pageLanguages(page),
      })),
      endpoints: ROUTES.map((route) => ({
        kind: 'endpoint' as const,
        path: route.path,
        url: exampleUrl(route, catalog),
        title: sameInEveryLocale(route.summary),
        summary: sameInEveryLocale(route.description),
        route,
      })),
      exports: EXPORT_ROUTES.map(exportResource),
      documents,
      standaloneDocuments: documents.filter((document) => document.document.route === undefined),
    };
  });
}
