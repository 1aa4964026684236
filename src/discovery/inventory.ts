/** The discovery inventory: one flat item per page, endpoint, export, document and entity. */
import type { Catalog } from '../catalog/catalog.ts';
import { localize } from '../catalog/localize.ts';
import { memo } from '../catalog/memo.ts';
import { matchesTerms, queryTerms, searchableText } from '../catalog/search.ts';
import { apiUrl, pageUrl } from '../catalog/urls.ts';
import type { ApiRoute } from '../api/routes.ts';
import type { DiscoveryItem, DiscoveryKind } from '../schemas/api.ts';
import type { CollectionName } from '../schemas/collections.ts';
import { LOCALES, sameInEveryLocale, type Locale, type LocalizedText } from '../schemas/common.ts';
import { DOCUMENTS } from './documents.ts';
import { exportPath } from './exports.ts';
import { pageInventory } from './pages.ts';

/** Discovery kind of each collection's entities. */
const ENTITY_KINDS: Record<CollectionName, DiscoveryKind> = {
  profile: 'profile',
  profiles: 'profile',
  links: 'link',
  cases: 'case',
  categories: 'category',
  capabilities: 'capability',
  stacks: 'stack',
  projects: 'project',
  operations: 'operation',
  journeys: 'journey',
  trust: 'trust',
};

/** A concrete URL for a route: detail routes use the first slug of their directory. */
export function exampleUrl(route: ApiRoute, catalog: Catalog): string {
  if (!route.detail) return route.path;
  const first = (catalog.collections[route.detail] as { slug: string }[])[0];
  return route.path.replace('{slug}', first?.slug ?? '');
}

type RawItem = Omit<DiscoveryItem, 'title' | 'summary'> & { title: LocalizedText; summary: LocalizedText };

/** Every item, with localized text still as maps. */
function rawItems(routes: readonly ApiRoute[], catalog: Catalog): RawItem[] {
  const pages = pageInventory(catalog).map((page): RawItem => ({
    id: `page:${page.path}`,
    kind: 'page',
    title: page.title,
    summary: page.description,
    url: page.path,
    ...(page.api_url ? { api_url: page.api_url } : {}),
    tags: [page.family],
  }));
  const endpoints = routes.map((route): RawItem => ({
    id: `endpoint:${route.path}`,
    kind: 'endpoint',
    title: sameInEveryLocale(route.summary),
    summary: sameInEveryLocale(route.description),
    url: exampleUrl(route, catalog),
    tags: [route.tag.toLowerCase(), ...route.params.map((param) => `param:${param.name}`)],
  }));
  const exports = routes
    .filter((route) => route.exportFile)
    .map((route): RawItem => ({
      id: `export:${exportPath(route.exportFile!)}`,
      kind: 'export',
      title: sameInEveryLocale(route.exportFile!),
      summary: sameInEveryLocale(`Static export of ${route.path}: its default payload, byte for byte.`),
      url: exportPath(route.exportFile!),
      api_url: route.path,
      tags: ['json', 'export'],
    }));
  const documents = DOCUMENTS.map((document): RawItem => ({
    id: `document:${document.path}`,
    kind: 'document',
    title: document.title,
    summary: document.summary,
    url: document.path,
    tags: ['document'],
  }));
  const entities = (Object.keys(ENTITY_KINDS) as CollectionName[]).flatMap((collection) =>
    (catalog.collections[collection] as { slug: string; summary: LocalizedText }[]).map((entry): RawItem => ({
      id: `${collection}:${entry.slug}`,
      kind: ENTITY_KINDS[collection],
      title: catalog.ref(collection, entry.slug).name,
      summary: entry.summary,
      url: pageUrl(collection, entry.slug),
      api_url: apiUrl(collection, entry.slug),
      tags: [collection],
    })),
  );
  return [...pages, ...endpoints, ...exports, ...documents, ...entities];
}

/** The discovery payload, narrowed by `kind` and `q`. */
export function buildDiscovery(routes: readonly ApiRoute[], catalog: Catalog, locale: Locale, values: Record<string, string>) {
  const raw = memo(catalog, 'discovery:raw', () => rawItems(routes, catalog));
  const items = memo(catalog, `discovery:${locale}`, () => raw.map((item) => localize(item, locale) as DiscoveryItem));
  const texts = memo(catalog, 'discovery:search', () => raw.map((item) => searchableText([LOCALES.map((code) => localize(item, code))])));
  const terms = queryTerms(values['q'] ?? '');
  const kind = values['kind'];
  const selected = items.filter((item, index) => (kind === undefined || item.kind === kind) && matchesTerms(texts[index] ?? '', terms));
  return { items: selected, count: selected.length };
}
