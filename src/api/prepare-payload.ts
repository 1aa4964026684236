/**
 * From a checked request to the payload it gets: the handler's answer, serialized and hashed once
 * and cached, and, for a page of a directory, the slice `limit` and `cursor` select, with the cursor
 * of the next page. Every cache key and ETag is built from canonical values (q folded, a cursor by
 * the offset it decodes to), so equivalent requests share one entry and one ETag.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { stringBytes } from './byte-cache.ts';
import { HANDLERS } from './handlers.ts';
import { isDirectory } from './listing.ts';
import { cursorBinding, decodeCursor, encodeCursor } from './pagination.ts';
import type { ParsedQuery } from './params.ts';
import { cached, etagFor, PreparedPayload } from './payload-cache.ts';
import { serializePayload } from './serialize.ts';
import { CURSOR_PARAM } from '../routes/params.ts';
import type { RouteSpec } from '../routes/routes.ts';

export interface PreparedPage {
  payload: PreparedPayload;
  /** The cursor of the next page, when a page was asked for and more items remain. */
  nextCursor?: string;
}

/** Bytes of a string array's slots besides the strings' characters: an 8-byte pointer and a ~16-byte string header each. */
const PER_ITEM_BYTES = 24;

/** A directory's answer with each item serialized on its own, so any page is a join. */
class SerializedDirectory {
  readonly items: string[];
  /** The other members (count, facets), serialized without their braces. */
  readonly rest: string;
  onResize: (() => void) | undefined;

  constructor(items: string[], rest: string) {
    this.items = items;
    this.rest = rest;
  }

  heldBytes(): number {
    let bytes = stringBytes(this.rest);
    for (const item of this.items) bytes += stringBytes(item) + PER_ITEM_BYTES;
    return bytes;
  }
}

/** The payload for a checked request. */
export function preparePayload(route: RouteSpec, catalog: Catalog, parsed: ParsedQuery, slug: string | undefined): PreparedPage {
  const { limit, cursor } = parsed;
  const filtersJson = serializePayload(parsed.filterKey);
  const key = `${route.id}\u0000${slug ?? ''}\u0000${parsed.locale}\u0000${filtersJson}`;
  const selection = { terms: parsed.terms, choices: parsed.choices };
  const answer = () => HANDLERS[route.id]({ catalog, locale: parsed.locale, selection, ...(slug !== undefined ? { slug } : {}) });
  const prepared = (pageKey: string, json: string) => new PreparedPayload(json, etagFor(pageKey, json));

  // A cursor without a limit never gets here: the cursor's spec requires limit (src/routes/params.ts).
  if (limit === undefined) {
    const build = () => prepared(key, serializePayload(answer()));
    // A live payload (health) describes the process at this moment: never cached.
    if (route.live) return { payload: build() };
    return { payload: cached(catalog, 'payload', key, build) };
  }

  const directory = cached(catalog, 'directory', key, () => {
    const answered = answer();
    if (!isDirectory(answered)) throw new Error(`${route.id} pages its items but answered no items list`);
    const { items, ...rest } = answered;
    return new SerializedDirectory(
      items.map((item) => serializePayload(item)),
      serializePayload(rest).slice(1, -1),
    );
  });
  const binding = cursorBinding(catalog.version, route.id, filtersJson);
  const offset = cursor === undefined ? 0 : decodeCursor(cursor, binding, directory.items.length);
  const end = offset + limit;
  const pageKey = `${key}\u0000${limit}\u0000${offset}`;
  const payload = cached(catalog, 'page', pageKey, () => {
    const nextCursor = end < directory.items.length ? encodeCursor(binding, end) : undefined;
    const json =
      `{"items":[${directory.items.slice(offset, end).join(',')}]` +
      `${directory.rest === '' ? '' : `,${directory.rest}`},"next_cursor":${nextCursor === undefined ? 'null' : JSON.stringify(nextCursor)}}`;
    return new PreparedPayload(json, etagFor(pageKey, json), nextCursor);
  });
  const { nextCursor } = payload;
  return nextCursor === undefined ? { payload } : { payload, nextCursor };
}

/** RFC 8288 Link to the next page: the request's own path and query with the new cursor. */
export function nextLink(path: string, received: Record<string, string>, nextCursor: string): string {
  const query = new URLSearchParams({ ...received, [CURSOR_PARAM.name]: nextCursor });
  return `<${path}?${query.toString()}>; rel="next"`;
}
