/** Directory payloads: a collection localized once, then narrowed per request by its filters. */
import type { Catalog } from '../catalog/catalog.ts';
import { localize, type Localized } from '../catalog/localize.ts';
import { memo } from '../catalog/memo.ts';
import { SearchIndex, searchableText, selectIndexes } from '../catalog/search.ts';
import type { ParamName, Selection } from '../routes/params.ts';
import type { CollectionName, EntryOf } from '../schemas/collections.ts';
import type { Locale } from '../schemas/common.ts';

/** Whether an entry passes a filter, given the filter's canonical value. */
type EntryTest<C extends CollectionName> = (entry: EntryOf<C>, value: string, catalog: Catalog) => boolean;

/**
 * A directory's filters: one test per choice parameter of its route, keyed by the parameter's name.
 * `Filter` comes from the route's selection (`NoInfer` below), so a test for a parameter the route
 * lacks, or a missing one, is a type error.
 */
export type EntryFilters<C extends CollectionName, Filter extends ParamName> = { readonly [Name in Filter]: EntryTest<C> };

/** The memo key of a collection's search index: the payload store holds it under the same name. */
export const searchIndexKey = (collection: CollectionName) => `search:${collection}`;

/** Normalized search text per entry, in catalog order (both locales, so either language finds it). */
export function collectionSearchIndex(catalog: Catalog, collection: CollectionName): SearchIndex {
  return memo(catalog, searchIndexKey(collection), () =>
    SearchIndex.of((catalog.collections[collection] as unknown[]).map((entry) => searchableText(entry))),
  );
}

/** Every entry of a collection in one locale, in catalog order. */
export function localizedEntries<C extends CollectionName>(catalog: Catalog, collection: C, locale: Locale): Localized<EntryOf<C>>[] {
  return memo(catalog, `entries:${collection}:${locale}`, () =>
    (catalog.collections[collection] as EntryOf<C>[]).map((entry) => localize(entry, locale)),
  );
}

/** Indexes of the entries that pass every given filter and contain every `q` term. */
export function matchingIndexes<C extends CollectionName, Filter extends ParamName>(
  catalog: Catalog,
  collection: C,
  selection: Selection<Filter>,
  filters: EntryFilters<C, NoInfer<Filter>>,
): number[] {
  const entries = catalog.collections[collection] as EntryOf<C>[];
  // Object.entries forgets the keys' type: they are the filters' names.
  const active = (Object.entries(filters) as [Filter, EntryTest<C>][]).filter(([name]) => selection.choices[name] !== undefined);
  return selectIndexes(
    entries.length,
    selection.terms,
    () => collectionSearchIndex(catalog, collection),
    (index) => active.every(([name, test]) => test(entries[index]!, selection.choices[name]!, catalog)),
  );
}
