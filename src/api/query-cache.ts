/**
 * Checked query strings, kept per route and spelling in the worker's byte budget: a repeated search
 * or filter skips the parse (splitting, decoding, folding its terms) and the serializing of its
 * filters and of the query the envelope echoes. A query that fails its check is never kept.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { stringBytes, type Sized } from './byte-cache.ts';
import { NO_QUERY, parseQuery, type ParsedQuery } from './params.ts';
import { cached } from './payload-cache.ts';
import { serializePayload } from './serialize.ts';
import type { RouteSpec } from '../routes/routes.ts';

/** Bytes of a parsed query's objects and arrays besides their strings, rounded up. */
const OBJECT_BYTES = 512;

/** A query as the route checked it, with the JSON of its filters (the cache key) and of what was received. */
export class CheckedQuery implements Sized {
  /** The canonical filters as JSON: the payload's cache key and the cursor's binding. */
  readonly filtersJson: string;
  /** The query as received, as JSON: the envelope's `query` member. */
  readonly receivedJson: string;
  onResize: (() => void) | undefined;

  constructor(readonly parsed: ParsedQuery) {
    // Shared by every request with this spelling: nothing may change it.
    for (const part of [parsed.received, parsed.filterKey, parsed.terms, parsed.choices, parsed]) Object.freeze(part);
    this.filtersJson = serializePayload(parsed.filterKey);
    this.receivedJson = serializePayload(parsed.received);
  }

  heldBytes(): number {
    // The values are held twice: in the parsed objects and in the JSON.
    return OBJECT_BYTES + 2 * (stringBytes(this.filtersJson) + stringBytes(this.receivedJson));
  }
}

/** The query of every request without one, whatever the route. */
const NO_QUERY_CHECKED = new CheckedQuery(NO_QUERY);

/** `search` checked against `route`'s parameters, from the cache when this route saw the same spelling. */
export function checkedQuery(route: RouteSpec, search: string, catalog: Catalog): CheckedQuery {
  if (search === '') return NO_QUERY_CHECKED;
  return cached(catalog, 'query', `${route.id}\u0000${search}`, () => new CheckedQuery(parseQuery(search, route.params, catalog)));
}
