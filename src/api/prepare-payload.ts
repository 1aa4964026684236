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
import { cached, etagFor, PreparedPayload } from './payload-cache.ts';
import type { ParsedQuery } from './params.ts';
import type { CheckedQuery } from './query-cache.ts';
import { serializePayload } from './serialize.ts';
import { CURSOR_PARAM } from '../routes/params.ts';
import type { RouteSpec } from '../routes/routes.ts';

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

/** The handler's answer for a checked request, before it is serialized. */
function answerOf(route: RouteSpec, catalog: Catalog, parsed: ParsedQuery, slug: string | undefined): unknown {
  const selection = { terms: parsed.terms, choices: parsed.choices };
  return HANDLERS[route.id]({ catalog, locale: parsed.locale, selection, ...(slug !== undefined ? { slug } : {}) });
}

/** A whole payload, serialized and hashed. */
function wholePayload(route: RouteSpec, catalog: Catalog, parsed: ParsedQuery, slug: string | undefined, key: string): PreparedPayload {
  const json = serializePayload(answerOf(route, catalog, parsed, slug));
  return new PreparedPayload(json, etagFor(key, json));
}

/**
 * The payload for a checked request; for a page of a directory, it carries the next page's cursor.
 * Closures are made only on a miss: a hit allocates no more than its key.
 */
export function preparePayload(route: RouteSpec, catalog: Catalog, query: CheckedQuery, slug: string | undefined): PreparedPayload {
  const { parsed, filtersJson } = query;
  const { limit, cursor } = parsed;
  const key = `${route.id}\u0000${slug ?? ''}\u0000${parsed.locale}\u0000${filtersJson}`;

  // A cursor without a limit never gets here: the cursor's spec requires limit (src/routes/params.ts).
  if (limit === undefined) {
    // A live payload (health) describes the process at this moment: never cached.
    if (route.live) return wholePayload(route, catalog, parsed, slug, key);
    return cached(catalog, 'payload', key, () => wholePayload(route, catalog, parsed, slug, key));
  }

  const directory = cached(catalog, 'directory', key, () => {
    const answered = answerOf(route, catalog, parsed, slug);
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
  return cached(catalog, 'page', pageKey, () => {
    const nextCursor = end < directory.items.length ? encodeCursor(binding, end) : undefined;
    const json =
      `{"items":[${directory.items.slice(offset, end).join(',')}]` +
      `${directory.rest === '' ? '' : `,${directory.rest}`},"next_cursor":${nextCursor === undefined ? 'null' : JSON.stringify(nextCursor)}}`;
    return new PreparedPayload(json, etagFor(pageKey, json), nextCursor);
  });
}

/** RFC 8288 Link to the next page: the request's own path and query with the new cursor. */
export function nextLink(path: string, received: Record<string, string>, nextCursor: string): string {
  // set() replaces a received cursor where it stood, as a spread would, without copying the query.
  const query = new URLSearchParams(received);
  query.set(CURSOR_PARAM.name, nextCursor);
  return `<${path}?${query.toString()}>; rel="next"`;
}
