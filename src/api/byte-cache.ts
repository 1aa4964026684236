/**
 * The one memory budget of a worker, in bytes: every cache the server keeps (API payloads with their
 * compressed forms, directory slices, static files) is an entry here, sized by what it really holds,
 * and the least recently used entries go once the total passes the budget. The production server
 * sets it once, from CACHE_BUDGET_MB as server/config-schema.mjs checked it (setWorkerCacheBudget).
 */
import { LRUCache } from 'lru-cache';

/**
 * The budget until the server sets its own: what `astro dev` and in-process callers get. Not a
 * server default (that is CACHE_BUDGET_MB's, in server/config-schema.mjs).
 */
export const UNSET_BUDGET_BYTES = 32 * 1024 * 1024;

/**
 * Bytes an entry costs besides what it holds: the LRU's slot (key, value, size, two links: about
 * 5 × 8 bytes), the holder object and its hidden class (about 60), a Buffer's JS object and
 * backing-store record (about 100), the kind counter's bookkeeping. Rounded up.
 */
export const ENTRY_OVERHEAD_BYTES = 256;

/** What a cache holds per kind and in all, against the budget. */
export interface CacheUsage {
  budget: number;
  held: number;
  entries: number;
  byKind: Record<string, number>;
}

/** Something an entry holds whose size may grow after it is stored (a payload gaining a compressed form). */
export interface Sized {
  heldBytes(): number;
}

/** What one kind of entry holds against the budget, and how its lookups went (for the metrics). */
export interface CacheStats {
  bytes: number;
  budgetBytes: number;
  hits: number;
  misses: number;
  evictions: number;
}

interface Slot {
  kind: string;
  value: Sized;
  size: number;
}

/** Bytes V8 holds for a string's characters: one per character when all fit Latin-1, else two. */
export function stringBytes(text: string): number {
  // eslint-disable-next-line no-control-regex -- any character above U+00FF makes V8 store two bytes each
  return /[^\u0000-\u00ff]/u.test(text) ? text.length * 2 : text.length;
}

/**
 * How many keys set once, and not yet kept, the cache remembers: a value is kept only the second
 * time its key is set, so a flood of one-off answers (distinct searches) never takes the budget
 * from answers clients repeat. Keys are at most about 600 characters (a target and If-None-Match
 * past 512 are never keys, server/answer-memo.mjs), so this costs at most about 2.5 MB.
 */
export const SEEN_ONCE_KEYS = 4096;

export class ByteCache {
  readonly budget: number;
  readonly #seenOnce = new Set<string>();
  readonly #byKind = new Map<string, number>();
  /** Lookups and evictions by kind since the process started. */
  readonly #lookups = new Map<string, { hits: number; misses: number; evictions: number }>();
  readonly #lru: LRUCache<string, Slot>;

  constructor(budget: number) {
    this.budget = budget;
    this.#lru = new LRUCache<string, Slot>({
      maxSize: budget,
      sizeCalculation: (slot) => slot.size,
      // An entry larger than the whole budget is not kept at all.
      maxEntrySize: budget,
      dispose: (slot, _key, reason) => {
        this.#count(slot.kind, -slot.size);
        if (reason === 'evict') this.#lookupsOf(slot.kind).evictions += 1;
      },
    });
  }

  #lookupsOf(kind: string): { hits: number; misses: number; evictions: number } {
    let lookups = this.#lookups.get(kind);
    if (!lookups) this.#lookups.set(kind, (lookups = { hits: 0, misses: 0, evictions: 0 }));
    return lookups;
  }

  #count(kind: string, bytes: number): void {
    this.#byKind.set(kind, (this.#byKind.get(kind) ?? 0) + bytes);
  }

  /** The value under `key`, marking it recently used; counted as a hit or a miss of `kind`. */
  get<T extends Sized>(kind: string, key: string): T | undefined {
    const value = this.#lru.get(key)?.value as T | undefined;
    this.#lookupsOf(kind)[value === undefined ? 'misses' : 'hits'] += 1;
    return value;
  }

  /**
   * Stores `value` when `key` was set before (or is held now), sized now by its `heldBytes()`, the
   * key and the per-entry overhead; the first time, only remembers the key.
   */
  set(kind: string, key: string, value: Sized): void {
    if (!this.#lru.has(key) && !this.#seenOnce.delete(key)) {
      if (this.#seenOnce.size >= SEEN_ONCE_KEYS) this.#seenOnce.clear();
      this.#seenOnce.add(key);
      return;
    }
    this.#store(kind, key, value);
  }

  #store(kind: string, key: string, value: Sized): void {
    const size = value.heldBytes() + stringBytes(key) + ENTRY_OVERHEAD_BYTES;
    if (size > this.budget) return;
    const slot: Slot = { kind, value, size };
    this.#count(kind, size);
    this.#lru.set(key, slot, { size });
  }

  /** Sizes `key` again after its value grew or shrank; evicts others if the total passes the budget. */
  resize(key: string): void {
    const slot = this.#lru.peek(key);
    if (!slot) return;
    // lru-cache keeps the old size when the same value is set again, so the entry is stored anew.
    this.#lru.delete(key);
    this.#store(slot.kind, key, slot.value);
  }

  /** Each kind's bytes and lookups; every kind shares the one budget. */
  stats(): Record<string, CacheStats> {
    const kinds = new Set([...this.#byKind.keys(), ...this.#lookups.keys()]);
    return Object.fromEntries(
      [...kinds].map((kind) => [kind, { bytes: this.#byKind.get(kind) ?? 0, budgetBytes: this.budget, ...this.#lookupsOf(kind) }]),
    );
  }

  usage(): CacheUsage {
    return { budget: this.budget, held: this.#lru.calculatedSize, entries: this.#lru.size, byKind: Object.fromEntries(this.#byKind) };
  }
}

/** The worker's budget: one for every cache of the process. */
export let workerCache = new ByteCache(UNSET_BUDGET_BYTES);

/**
 * Gives the worker's caches a budget of `bytes` (a positive whole number): called once by the
 * server when it loads the build, before anything is cached; what was held before is dropped.
 */
export function setWorkerCacheBudget(bytes: number): void {
  workerCache = new ByteCache(bytes);
}

/** What the worker's caches hold against the budget (for /api/health and metrics). */
export function cacheUsage(): CacheUsage {
  return workerCache.usage();
}

/** Each cache kind's bytes and lookups against the worker's budget (for the metrics). */
export function cacheStats(): Record<string, CacheStats> {
  return workerCache.stats();
}
