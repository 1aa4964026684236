/** Directory payloads: a collection localized once, then narrowed per request by its filters. */
import type { Catalog } from '../catalog/catalog.ts';
import { localize, type Localized } from '../catalog/localize.ts';
import { memo } from '../catalog/memo.ts';
import { searchableText, selectIndexes } from '../catalog/search.ts';
import type { ParamName, Selection } from '../routes/params.ts';
import type { CollectionName, EntryOf } from '../schemas/collections.ts';
import type { Locale } from '../schemas/common.ts';

/** A directory payload: `count` always equals `items.length`. */
export interface Directory<T> {
  items: T[];
  count: number;
}

/** True for a payload with an items list: what a paginated route answers. */
export function isDirectory(payload: unknown): payload is { items: unknown[] } {
  return typeof payload === 'object' && payload !== null && 'items' in payload && Array.isArray(payload.items);
}

/** Whether an entry passes a filter, given the filter's canonical value. */
type EntryTest<C extends CollectionName> = (entry: EntryOf<C>, value: string, catalog: Catalog) => boolean;

/**
 * A directory's filters: one test per choice parameter of its route, keyed by the parameter's name.
 * `Filter` comes from the route's selection (`NoInfer` below), so a test for a parameter the route
 * lacks, or a missing one, is a type error.
 */
export type EntryFilters<C extends CollectionName, Filter extends ParamName> = { readonly [Name in Filter]: EntryTest<C> };

/** Normalized search text per entry, in catalog order (both locales, so either language finds it). */
function searchTexts(catalog: Catalog, collection: CollectionName): string[] {
  return memo(catalog, `search:${collection}`, () => (catalog.collections[collection] as unknown[]).map((entry) => searchableText(entry)));
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
    () => searchTexts(catalog, collection),
    (index) => active.every(([name, test]) => test(entries[index]!, selection.choices[name]!, catalog)),
  );
}

/** The directory payload for a collection, narrowed by `q` and the filters. */
export function listCollection<C extends CollectionName, Filter extends ParamName>(
  catalog: Catalog,
  collection: C,
  locale: Locale,
  selection: Selection<Filter>,
  filters: EntryFilters<C, NoInfer<Filter>>,
): Directory<Localized<EntryOf<C>>> {
  const all = localizedEntries(catalog, collection, locale);
  const items = matchingIndexes(catalog, collection, selection, filters).map((index) => all[index]!);
  return { items, count: items.length };
}
