/**
 * The date of anything made of entries: the newest `updated_at` among the entries it holds. Pages,
 * API answers, the sitemap and the built files' times all take it from here, so a page and the API
 * answer for one entry carry the same date.
 */
import { COLLECTION_NAMES, type CollectionName } from '../schemas/collections.ts';
import { NO_HISTORY_DATE, type EntryDates } from '../schemas/history.ts';
import type { Catalog } from './catalog.ts';
import { memo } from './memo.ts';

/** The newest `updated_at` of `entries` (ISO strings in UTC compare as text); `fallback` when there are none. */
export function newestOf(entries: Iterable<Partial<EntryDates>>, fallback = NO_HISTORY_DATE): string {
  let newest = '';
  for (const { updated_at: date } of entries) if (date && date > newest) newest = date;
  return newest || fallback;
}

/** The newest date of one collection. */
export function collectionUpdated(catalog: Catalog, collection: CollectionName): string {
  return memo(catalog, `updated:${collection}`, () => newestOf(catalog.collections[collection] as EntryDates[]));
}

/** The newest date of the whole catalog: what documents made of all of it (exports, llms.txt, the contract) carry. */
export function catalogUpdated(catalog: Catalog): string {
  return memo(catalog, 'updated', () => newestOf(COLLECTION_NAMES.map((name) => ({ updated_at: collectionUpdated(catalog, name) }))));
}

/** An entry's date, or the catalog's when the entry is unknown. */
export function entryUpdated(catalog: Catalog, collection: CollectionName, slug: string): string {
  return (catalog.get(collection, slug) as EntryDates | undefined)?.updated_at ?? catalogUpdated(catalog);
}
