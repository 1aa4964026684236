/**
 * Checked query strings, kept per route and spelling in the worker's byte budget: a repeated search
 * or filter skips the parse (splitting, decoding, folding its terms) and the serializing of its
 * filters and of the query the envelope echoes. A query that fails its check is never kept.
 */
import type { Catalog } from '../catalog/catalog.ts';
import type { WorkerCache } from './cache-kinds.ts';
import { CheckedQuery, parseQuery } from './params.ts';
import type { RouteSpec } from '../routes/routes.ts';

/** `search` checked against `route`'s parameters, from the cache when this route saw the same spelling. */
export function checkedQuery(route: RouteSpec, search: string, catalog: Catalog, cache: WorkerCache): CheckedQuery {
  const { query } = cache.kinds;
  return cache.getOrMake(
    query,
    cache.keyOf(query, catalog, query.key(route.id, search)),
    () => new CheckedQuery(parseQuery(search, route.params, catalog)),
  );
}
