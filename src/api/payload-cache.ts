/**
 * Every payload the API serves, serialized and hashed once per catalog. Finite answers (defaults,
 * details, enumerated filters, in each locale) stay for the catalog's lifetime; open-ended ones
 * (free-text search, pages) live in a bounded LRU, so memory stays flat whatever clients ask.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { memo } from '../catalog/memo.ts';

/** A serialized payload with its validator; `bytes` is the UTF-8 body, made on first use. */
export class PreparedPayload {
  readonly json: string;
  readonly etag: string;
  #bytes: Buffer | undefined;

  constructor(json: string, etag: string) {
    this.json = json;
    this.etag = etag;
  }

  get bytes(): Buffer {
    this.#bytes ??= Buffer.from(this.json);
    return this.#bytes;
  }
}

/** Weak ETag over the normalized query and the payload, never over request id or time. */
export function etagFor(normalizedQuery: string, payloadJson: string): string {
  return `W/"${createHash('sha1').update(normalizedQuery).update('\n').update(payloadJson).digest('base64url')}"`;
}

/** Upper bound on the characters the open-ended caches hold per catalog. */
const OPEN_ENDED_BUDGET = 64 * 1024 * 1024;

/** Lookups, evictions and characters held since the process started, for the server's metrics. */
const counts = { hits: 0, misses: 0, evictions: 0, held: 0 };

/** What the open-ended caches hold against their budget (per catalog), and how all payloads were looked up. */
export function payloadCacheStats(): { bytes: number; budgetBytes: number; hits: number; misses: number; evictions: number } {
  const { held, ...lookups } = counts;
  return { bytes: held, budgetBytes: OPEN_ENDED_BUDGET, ...lookups };
}

interface Caches {
  finite: Map<string, unknown>;
  openEnded: LRUCache<string, { value: unknown; size: number }>;
}

function cachesOf(owner: object): Caches {
  return memo(owner, 'payload-cache', () => ({
    finite: new Map<string, unknown>(),
    openEnded: new LRUCache<string, { value: unknown; size: number }>({
      maxSize: OPEN_ENDED_BUDGET,
      sizeCalculation: (entry) => Math.max(1, entry.size),
      disposeAfter: (entry, _key, reason) => {
        counts.held -= Math.max(1, entry.size);
        if (reason === 'evict') counts.evictions += 1;
      },
    }),
  }));
}

/**
 * The value for `key`, built on first use. `finite` keys are kept for the catalog's lifetime; the
 * others are evicted least-recently-used once their `size` (characters) passes the budget.
 */
export function cached<T>(owner: object, key: string, finite: boolean, build: () => T, size: (value: T) => number): T {
  const caches = cachesOf(owner);
  if (finite) {
    const known = caches.finite.has(key);
    counts[known ? 'hits' : 'misses'] += 1;
    if (!known) caches.finite.set(key, build());
    return caches.finite.get(key) as T;
  }
  const hit = caches.openEnded.get(key);
  counts[hit ? 'hits' : 'misses'] += 1;
  if (hit) return hit.value as T;
  const value = build();
  const entry = { value, size: size(value) };
  caches.openEnded.set(key, entry);
  // An entry over the whole budget is never stored (and never disposed).
  if (caches.openEnded.has(key)) counts.held += Math.max(1, entry.size);
  return value;
}
