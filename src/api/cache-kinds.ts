/**
 * What a worker caches, in one place: every kind of entry its one byte budget (byte-cache.ts) holds,
 * the key each is found under and what bounds it. A cache refuses a kind not listed here.
 */
import type { RouteId } from '../routes/routes.ts';
import { ByteCache, KEY_SEPARATOR, UNSET_BUDGET_BYTES, type CacheKind, type Sized } from './byte-cache.ts';
import type { CheckedQuery } from './params.ts';
import { upgradeBacklog, UpgradePacing, type FormCache, type PreparedPayload } from './codings.ts';
import type { SelectedEntries } from './selected-entries.ts';

/** A kind whose lookups give back `Value`. */
const kind =
  <Value extends Sized>() =>
  <Parts extends readonly (string | number)[]>(spec: Omit<CacheKind<Value, Parts>, 'value'>): CacheKind<Value, Parts> =>
    spec;

// Parts are joined by KEY_SEPARATOR, in template literals, which allocate no array (a request makes several keys).

/** A route's payload: the ETag is computed over this key too (prepare-payload.ts), so equal keys mean equal payloads. */
const payloadKey = (routeId: RouteId, slug: string, locale: string, filtersJson: string) =>
  `${routeId}${KEY_SEPARATOR}${slug}${KEY_SEPARATOR}${locale}${KEY_SEPARATOR}${filtersJson}`;

export const CACHE_KINDS = {
  query: kind<CheckedQuery>()({
    name: 'query',
    key: (routeId: RouteId, search: string) => `${routeId}${KEY_SEPARATOR}${search}`,
    holds: 'a query string checked against its route: the parsed filters, their JSON and the JSON of the query as received',
    keyedBy: 'route id and the query string as the client spelled it',
    catalogScoped: true,
    bound: 'one per spelling; a target is at most the 16 KB header section',
  }),
  selection: kind<SelectedEntries>()({
    name: 'selection',
    key: payloadKey,
    holds: 'which entries of a directory a query selects, as indexes, and the members after `items` (count, facets)',
    keyedBy: 'route id, slug, locale and the canonical filters (q folded)',
    catalogScoped: true,
    bound: 'one per canonical query',
  }),
  payload: kind<PreparedPayload>()({
    name: 'payload',
    key: payloadKey,
    holds: "a route's whole payload (from the payload store) or a directory's filtered list, with the compressed forms made of it",
    keyedBy: 'route id, slug, locale and the canonical filters',
    catalogScoped: true,
    bound: 'one per canonical query; grows by its compressed forms, which are counted when made',
  }),
  page: kind<PreparedPayload>()({
    name: 'page',
    key: (payloadKey: string, limit: number, offset: number) => `${payloadKey}${KEY_SEPARATOR}${limit}${KEY_SEPARATOR}${offset}`,
    holds: 'one page of a directory (limit, cursor) with its next cursor and compressed forms',
    keyedBy: 'the payload key, the limit and the offset the cursor decodes to',
    catalogScoped: true,
    bound: 'one per canonical query and page',
  }),
  answer: kind<Sized>()({
    name: 'answer',
    key: (coding: string, replayKey: string) => `${coding}${KEY_SEPARATOR}${replayKey}`,
    holds: 'an API answer a repeat of its request gets again (status, header list, payload): server/api-response.ts',
    keyedBy: 'the coding and the replay key (respond.ts): the target and If-None-Match',
    catalogScoped: true,
    bound: 'a target and If-None-Match of 512 characters or fewer together; counts its payload as if both coded forms were as large',
  }),
  file: kind<Sized>()({
    name: 'file',
    key: (file: string, stored: string) => `${file}${KEY_SEPARATOR}${stored}`,
    holds: 'a file of dist/client with the headers of its 200 and of its 304: server/file-cache.ts',
    keyedBy: 'the file a URL names and the file whose bytes are sent (itself, its twin or a precompressed sibling)',
    catalogScoped: false,
    bound: 'files of 1 MB or less; the build has a fixed set of files',
  }),
} as const;

/** A worker's cache: the byte budget holding exactly the kinds above, and the pacing of its payloads' Brotli upgrades. */
export class WorkerCache extends ByteCache<typeof CACHE_KINDS> implements FormCache {
  readonly upgrades = new UpgradePacing();
}

/** A worker's one cache of `budget` bytes (CACHE_BUDGET_MB), made by whoever answers and passed down. */
export function createWorkerCache(budget = UNSET_BUDGET_BYTES): WorkerCache {
  return new WorkerCache(budget, CACHE_KINDS);
}

/** The message of the line a worker logs on SIGUSR2: the bench and the tests wait for it. */
export const WORKER_REPORT_MESSAGE = 'cache usage';

/** A worker's SIGUSR2 report: what its cache holds, the Brotli upgrades still to come, and its memory. */
export function workerReport(cache: WorkerCache, memory: NodeJS.MemoryUsage) {
  const upgrades = upgradeBacklog([...cache.valuesOf(cache.kinds.payload), ...cache.valuesOf(cache.kinds.page)], cache.upgrades);
  return { message: WORKER_REPORT_MESSAGE, ...cache.usage(), upgrades, memory };
}

export type WorkerReport = ReturnType<typeof workerReport>;
