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

/**
 * The date of an API answer: a detail's entry's; a directory's, whatever its filters or page, the
 * newest of its collection (an entry that leaves a filtered list changes the answer too); the
 * catalog's for the rest. A page and the API answer for one entry carry the same date.
 */
export function answerUpdated(catalog: Catalog, route: { detail?: CollectionName; lists?: CollectionName }, slug?: string): string {
  if (route.detail && slug !== undefined) return entryUpdated(catalog, route.detail, slug);
  if (route.lists) return collectionUpdated(catalog, route.lists);
  return catalogUpdated(catalog);
}

const httpDates = new Map<string, string>();

/** An ISO date as an HTTP date (IMF-fixdate), made once per date. */
export function httpDate(iso: string): string {
  let text = httpDates.get(iso);
  if (text === undefined) {
    text = new Date(iso).toUTCString();
    if (httpDates.size < 100_000) httpDates.set(iso, text);
  }
  return text;
}

/** True when an If-Modified-Since value is a date at or after `iso` (to the second): the answer has not changed. */
export function notModifiedSince(header: string | null | undefined, iso: string): boolean {
  if (!header) return false;
  const since = Date.parse(header);
  return !Number.isNaN(since) && Math.floor(new Date(iso).getTime() / 1000) <= Math.floor(since / 1000);
}
