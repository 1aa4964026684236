/**
 * The discovery inventory: one flat item per page, endpoint, export, document and entity. A page is
 * one item in every language: its `languages` list each locale it is published in, computed from the
 * locales (src/discovery/resources.ts), with the page's path and twin in that language.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { localize } from '../catalog/localize.ts';
import { memo } from '../catalog/memo.ts';
import { SearchIndex, searchableText, selectIndexes } from '../catalog/search.ts';
import { pageUrl } from '../catalog/urls.ts';
import { PARAM_NAMES, type Selection } from '../routes/params.ts';
import type { FilterOf } from '../routes/routes.ts';
import { entryApiUrl } from '../routes/urls.ts';
import type { DiscoveryItem, DiscoveryKind } from '../schemas/api.ts';
import type { CollectionName } from '../schemas/collections.ts';
import { LOCALES, type Locale, type LocalizedText } from '../schemas/common.ts';
import { publishedResources } from './resources.ts';

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

type RawItem = Omit<DiscoveryItem, 'title' | 'summary'> & { title: LocalizedText; summary: LocalizedText };

/** Every item, with localized text still as maps. */
function rawItems(catalog: Catalog): RawItem[] {
  const published = publishedResources(catalog);
  const pages = published.pages.map((page): RawItem => ({
    id: `page:${page.path}`,
    kind: 'page',
    title: page.title,
    summary: page.summary,
    url: page.url,
    ...(page.api_url ? { api_url: page.api_url } : {}),
    languages: page.languages!.map((language) => ({ locale: language.locale, url: language.url, twin_url: language.twin })),
    tags: [page.page!.family],
  }));
  const endpoints = published.endpoints.map((endpoint): RawItem => ({
    id: `endpoint:${endpoint.path}`,
    kind: 'endpoint',
    title: endpoint.title,
    summary: endpoint.summary,
    url: endpoint.url,
    tags: [endpoint.route!.tag.toLowerCase(), ...endpoint.route!.params.map((param) => `param:${param.name}`)],
  }));
  const exports = published.exports.map((resource): RawItem => ({
    id: `export:${resource.path}`,
    kind: 'export',
    title: resource.title,
    summary: resource.summary,
    url: resource.url,
    api_url: resource.api_url!,
    tags: ['json', 'export'],
  }));
  const documents = published.documents.map((document): RawItem => ({
    id: `document:${document.path}`,
    kind: 'document',
    title: document.title,
    summary: document.summary,
    url: document.url,
    tags: ['document'],
  }));
  const entities = (Object.keys(ENTITY_KINDS) as CollectionName[]).flatMap((collection) =>
    (catalog.collections[collection] as { slug: string; summary: LocalizedText }[]).map((entry): RawItem => ({
      id: `${collection}:${entry.slug}`,
      kind: ENTITY_KINDS[collection],
      title: catalog.ref(collection, entry.slug).name,
      summary: entry.summary,
      url: pageUrl(collection, entry.slug),
      api_url: entryApiUrl(collection, entry.slug),
      tags: [collection],
    })),
  );
  return [...pages, ...endpoints, ...exports, ...documents, ...entities];
}

/** Memo keys of what discovery's selection reads: the payload store holds them under the same names. */
export const DISCOVERY_KINDS_KEY = 'discovery:kinds';
export const DISCOVERY_SEARCH_KEY = 'discovery:search';

const rawItemsOf = (catalog: Catalog) => memo(catalog, 'discovery:raw', () => rawItems(catalog));

/** Every item in one locale, in inventory order. */
export function discoveryItems(catalog: Catalog, locale: Locale): DiscoveryItem[] {
  return memo(catalog, `discovery:${locale}`, () => rawItemsOf(catalog).map((item) => localize(item, locale) as DiscoveryItem));
}

/** Each item's kind, in inventory order: what the `kind` filter reads. */
export function discoveryKinds(catalog: Catalog): readonly DiscoveryKind[] {
  return memo(catalog, DISCOVERY_KINDS_KEY, () => rawItemsOf(catalog).map((item) => item.kind));
}

/** What `q` reads of an item: everything but its languages, whose paths and tags every page shares. */
const searchable = ({ languages: _languages, ...item }: RawItem) => item;

/** Each item's text in both locales, folded, for `q`. */
export function discoverySearchIndex(catalog: Catalog): SearchIndex {
  return memo(catalog, DISCOVERY_SEARCH_KEY, () =>
    SearchIndex.of(rawItemsOf(catalog).map((item) => searchableText([LOCALES.map((code) => localize(searchable(item), code))]))),
  );
}

/** Indexes of the items `kind` and `q` select, in inventory order. */
export function discoveryIndexes(catalog: Catalog, selection: Selection<FilterOf<'listDiscovery'>>): number[] {
  const kinds = discoveryKinds(catalog);
  const kind = selection.choices[PARAM_NAMES.kind];
  return selectIndexes(
    kinds.length,
    selection.terms,
    () => discoverySearchIndex(catalog),
    (index) => kind === undefined || kinds[index] === kind,
  );
}

/** The discovery payload, narrowed by `kind` and `q`. */
export function buildDiscovery(catalog: Catalog, locale: Locale, selection: Selection<FilterOf<'listDiscovery'>>) {
  const items = discoveryItems(catalog, locale);
  const selected = discoveryIndexes(catalog, selection).map((index) => items[index]!);
  return { items: selected, count: selected.length };
}
