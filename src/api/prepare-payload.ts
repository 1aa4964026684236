/**
 * From a checked request to the payload it gets: the build's stored payload when unfiltered, else
 * the join of the selected items' stored bytes, so a page costs what it returns. Keys and ETags are
 * built from canonical values (q folded, a cursor by its offset): equivalent requests share both.
 */
import type { Catalog } from '../catalog/catalog.ts';
import type { WorkerCache } from './cache-kinds.ts';
import { DIRECTORIES, HANDLERS, type Directory, type Service } from './handlers.ts';
import { cursorBinding, decodeCursor, encodeCursor } from './pagination.ts';
import { PreparedPayload } from './codings.ts';
import { SelectedEntries } from './selected-entries.ts';
import { etagFor, NO_FILTERS_JSON, payloadStoreOf, type ItemTable } from './payload-store.ts';
import type { CheckedQuery, ParsedQuery } from './params.ts';
import { serializePayload } from './serialize.ts';
import { CURSOR_PARAM } from '../routes/params.ts';
import type { RouteSpec } from '../routes/routes.ts';

/** The handler's payload, serialized and hashed: a live one (health), or an unknown slug's 404 (thrown). */
function handledPayload(route: RouteSpec, catalog: Catalog, parsed: ParsedQuery, slug: string | undefined, key: string, service?: Service) {
  const selection = { terms: parsed.terms, choices: parsed.choices };
  const answer = HANDLERS[route.id]({ catalog, locale: parsed.locale, selection, service, ...(slug !== undefined ? { slug } : {}) });
  const json = serializePayload(answer);
  return new PreparedPayload(json, etagFor(key, json));
}

const ITEMS_OPEN = '{"items":[';

/** `{"items":[…],<rest>[,"next_cursor":…]}`: the selected items from..to of `table` between a head and a tail, in one buffer. */
function joinedItems(table: ItemTable, selected: SelectedEntries, from: number, to: number, nextCursor: string | null | undefined): Buffer {
  const tail = `],${selected.rest}${nextCursor === undefined ? '' : `,"next_cursor":${serializePayload(nextCursor)}`}}`;
  const itemsLength = table.joinedLength(selected.indexes, from, to);
  const tailLength = Buffer.byteLength(tail);
  const bytes = Buffer.allocUnsafeSlow(ITEMS_OPEN.length + itemsLength + tailLength);
  bytes.write(ITEMS_OPEN, 0, 'latin1');
  table.readJoined(selected.indexes, from, to, bytes, ITEMS_OPEN.length);
  bytes.write(tail, ITEMS_OPEN.length + itemsLength);
  return bytes;
}

/** Which entries of `directory` a checked request selects, made once per key and kept in the byte budget. */
function selectedEntries(directory: Directory, catalog: Catalog, cache: WorkerCache, parsed: ParsedQuery, key: string): SelectedEntries {
  const { selection } = cache.kinds;
  return cache.getOrMake(selection, cache.keyOf(selection, catalog, key), () => {
    const selection = { terms: parsed.terms, choices: parsed.choices };
    const { indexes, rest } = directory.select({ catalog, locale: parsed.locale, selection });
    return new SelectedEntries(indexes, serializePayload(rest).slice(1, -1));
  });
}

/** The payload for a checked request; for a page of a directory, it carries the next page's cursor. */
export function preparePayload(
  route: RouteSpec,
  catalog: Catalog,
  cache: WorkerCache,
  query: CheckedQuery,
  slug: string | undefined,
  service?: Service,
): PreparedPayload {
  const { parsed, filtersJson } = query;
  const { limit, cursor, locale } = parsed;
  const { payload, page } = cache.kinds;
  const key = payload.key(route.id, slug ?? '', locale, filtersJson);
  // A live payload (health) describes the process at this moment: never cached.
  if (route.live) return handledPayload(route, catalog, parsed, slug, key, service);
  const directory = DIRECTORIES[route.id];
  // A cursor without a limit never gets here: the cursor's spec requires limit (src/routes/params.ts).
  if (limit === undefined && (directory === undefined || filtersJson === NO_FILTERS_JSON)) {
    return cache.getOrMake(
      payload,
      cache.keyOf(payload, catalog, key),
      () => payloadStoreOf(catalog).whole(route.id, slug, locale) ?? handledPayload(route, catalog, parsed, slug, key, service),
    );
  }
  if (directory === undefined) throw new Error(`${route.id} pages its items but is not a directory`);
  const table = payloadStoreOf(catalog).table(route.id, locale);
  const selected = selectedEntries(directory, catalog, cache, parsed, key);
  const count = selected.indexes.length;
  if (limit === undefined) {
    return cache.getOrMake(payload, cache.keyOf(payload, catalog, key), () => {
      const bytes = joinedItems(table, selected, 0, count, undefined);
      return new PreparedPayload(bytes, etagFor(key, bytes));
    });
  }
  const binding = cursorBinding(catalog.version, route.id, filtersJson);
  const offset = cursor === undefined ? 0 : decodeCursor(cursor, binding, count);
  const end = Math.min(offset + limit, count);
  const pageKey = page.key(key, limit, offset);
  return cache.getOrMake(page, cache.keyOf(page, catalog, pageKey), () => {
    const nextCursor = end < count ? encodeCursor(binding, end) : undefined;
    const bytes = joinedItems(table, selected, offset, end, nextCursor ?? null);
    return new PreparedPayload(bytes, etagFor(pageKey, bytes), nextCursor);
  });
}

/** RFC 8288 Link to the next page: the request's own path and query with the new cursor. */
export function nextLink(path: string, received: Record<string, string>, nextCursor: string): string {
  // set() replaces a received cursor where it stood, as a spread would, without copying the query.
  const query = new URLSearchParams(received);
  query.set(CURSOR_PARAM.name, nextCursor);
  return `<${path}?${query.toString()}>; rel="next"`;
}
