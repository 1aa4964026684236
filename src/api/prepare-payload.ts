/**
 * From a checked request to the payload it gets: the handler's answer, serialized and hashed once
 * and cached, and, for a page of a directory, the slice `limit` and `cursor` select, with the cursor
 * of the next page.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { ApiError } from './api-error.ts';
import { HANDLERS } from './handlers.ts';
import { cursorBinding, decodeCursor, encodeCursor } from './pagination.ts';
import type { ParsedQuery } from './params.ts';
import { cached, etagFor, PreparedPayload } from './payload-cache.ts';
import { serializePayload } from './serialize.ts';
import type { RouteSpec } from './spec/routes.ts';

export interface PreparedPage {
  payload: PreparedPayload;
  /** The cursor of the next page, when a page was asked for and more items remain. */
  nextCursor?: string;
}

/** A directory's answer with each item serialized on its own, so any page is a join. */
interface SerializedDirectory {
  items: string[];
  /** The other members (count, facets), serialized without their braces. */
  rest: string;
  size: number;
}

/** The payload for a checked request; `normalizedQuery` feeds the ETag. */
export function preparePayload(
  route: RouteSpec,
  catalog: Catalog,
  parsed: ParsedQuery,
  slug: string | undefined,
  normalizedQuery: string,
): PreparedPage {
  const { limit, cursor, lang: _lang, ...filters } = parsed.values;
  const filtersJson = serializePayload(filters);
  const key = `${route.id}\u0000${slug ?? ''}\u0000${parsed.locale}\u0000${filtersJson}`;
  // Free text is open-ended; every other parameter has a finite set of values.
  const finite = filters['q'] === undefined;
  const serialize = (): PreparedPayload => {
    const json = serializePayload(answer());
    return new PreparedPayload(json, etagFor(normalizedQuery, json));
  };
  const answer = () => HANDLERS[route.id]({ catalog, locale: parsed.locale, values: filters, ...(slug !== undefined ? { slug } : {}) });

  if (limit === undefined) {
    if (cursor !== undefined) {
      throw new ApiError('invalid_parameter', 'The parameter "cursor" needs "limit": send the same limit with every page.', {
        parameter: 'cursor',
      });
    }
    // A live payload (health) describes the process at this moment: never cached.
    if (route.live) return { payload: serialize() };
    return { payload: cached(catalog, `payload\u0000${key}`, finite, serialize, (prepared) => prepared.json.length) };
  }

  const directory = cached(
    catalog,
    `directory\u0000${key}`,
    finite,
    (): SerializedDirectory => {
      const { items, ...rest } = answer() as { items: unknown[] };
      const serialized = items.map((item) => serializePayload(item));
      return {
        items: serialized,
        rest: serializePayload(rest).slice(1, -1),
        size: serialized.reduce((sum, item) => sum + item.length, 0),
      };
    },
    (value) => value.size,
  );
  const binding = cursorBinding(catalog.version, route.id, filtersJson);
  const offset = cursor === undefined ? 0 : decodeCursor(cursor, binding, directory.items.length);
  const size = Number(limit);
  const end = offset + size;
  const nextCursor = end < directory.items.length ? encodeCursor(binding, end) : undefined;
  const payload = cached(
    catalog,
    `page\u0000${key}\u0000${size}\u0000${offset}`,
    false,
    () => {
      const json =
        `{"items":[${directory.items.slice(offset, end).join(',')}]` +
        `${directory.rest === '' ? '' : `,${directory.rest}`},"next_cursor":${nextCursor === undefined ? 'null' : JSON.stringify(nextCursor)}}`;
      return new PreparedPayload(json, etagFor(normalizedQuery, json));
    },
    (prepared) => prepared.json.length,
  );
  return nextCursor === undefined ? { payload } : { payload, nextCursor };
}

/** RFC 8288 Link to the next page: the request's own path and query with the new cursor. */
export function nextLink(path: string, received: Record<string, string>, nextCursor: string): string {
  const query = new URLSearchParams({ ...received, cursor: nextCursor });
  return `<${path}?${query.toString()}>; rel="next"`;
}
