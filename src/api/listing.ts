/** Directory payloads: a collection localized once, then narrowed per request by its filters. */
import type { Catalog } from '../catalog/catalog.ts';
import { localize, type Localized } from '../catalog/localize.ts';
import { memo } from '../catalog/memo.ts';
import { searchableText, selectIndexes } from '../catalog/search.ts';
import type { Selection } from '../routes/params.ts';
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

/** A filter: the parameter it reads and whether an entry passes for the canonical value. */
export type EntryFilter<C extends CollectionName> = Record<string, (entry: EntryOf<C>, value: string, catalog: Catalog) => boolean>;

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
export function matchingIndexes<C extends CollectionName>(
  catalog: Catalog,
  collection: C,
  selection: Selection,
  filters: EntryFilter<C>,
): number[] {
  const entries = catalog.collections[collection] as EntryOf<C>[];
  const active = Object.entries(filters).filter(([name]) => selection.choices[name] !== undefined);
  return selectIndexes(
    entries.length,
    selection.terms,
    () => searchTexts(catalog, collection),
    (index) => active.every(([name, test]) => test(entries[index]!, selection.choices[name]!, catalog)),
  );
}

/** The directory payload for a collection, narrowed by `q` and the filters. */
export function listCollection<C extends CollectionName>(
  catalog: Catalog,
  collection: C,
  locale: Locale,
  selection: Selection,
  filters: EntryFilter<C> = {},
): Directory<Localized<EntryOf<C>>> {
  const all = localizedEntries(catalog, collection, locale);
  const items = matchingIndexes(catalog, collection, selection, filters).map((index) => all[index]!);
  return { items, count: items.length };
}
