/**
 * The one memory budget of a worker, in bytes: every cached value (the kinds of cache-kinds.ts) is
 * an entry sized by what it really holds, and the least recently used go once the total passes it.
 */
import { LRUCache } from 'lru-cache';

/** The budget of `astro dev`, the build and the tests; the server's is CACHE_BUDGET_MB's. */
export const UNSET_BUDGET_BYTES = 32 * 1024 * 1024;

/** Bytes an entry costs besides what it holds: the LRU's slot, the holder object, a Buffer's JS object and backing-store record. */
export const ENTRY_OVERHEAD_BYTES = 256;

/** Something an entry holds: what it costs now (a payload grows by its coded forms: `resized`). */
export interface Sized {
  heldBytes(): number;
}

/** What joins the parts of every cache key: a character no part holds. */
export const KEY_SEPARATOR = '\u0000';

/** One kind of entry (cache-kinds.ts lists them all); `Value` is the type a lookup of it gives back. */
export interface CacheKind<Value extends Sized = Sized, Parts extends readonly (string | number)[] = readonly (string | number)[]> {
  readonly name: string;
  /** The key of an entry from its parts (ByteCache's `key` adds the catalog and kind). */
  key(...parts: Parts): string;
  /** What an entry holds, in a sentence (docs/decisions/byte-budget.md's list is checked against these). */
  readonly holds: string;
  /** What an entry's key is made of. */
  readonly keyedBy: string;
  /** True when the key starts with its catalog's number, so two catalogs never share an entry. */
  readonly catalogScoped: boolean;
  /** What bounds the entries of this kind besides the shared budget. */
  readonly bound: string;
  /** Never set: carries `Value` for the type checker. */
  readonly value?: Value;
}

/** A kind's bytes held and its lookups since the process started. */
interface KindCounts {
  bytes: number;
  hits: number;
  misses: number;
  evictions: number;
}

/** What one kind of entry holds against the budget, and how its lookups went (for the metrics). */
export interface CacheStats extends KindCounts {
  budgetBytes: number;
}

interface Slot {
  kind: CacheKind;
  value: Sized;
  size: number;
}

/** Bytes V8 holds for a string's characters: one per character when all fit Latin-1, else two. */
export function stringBytes(text: string): number {
  // eslint-disable-next-line no-control-regex -- any character above U+00FF makes V8 store two bytes each
  return /[^\u0000-\u00ff]/u.test(text) ? text.length * 2 : text.length;
}

/**
 * How many keys set once the cache remembers: a value is kept only the second time its key is set,
 * so a flood of one-off answers (distinct searches) never takes the budget from repeated ones.
 */
export const SEEN_ONCE_KEYS = 4096;

/** A number per catalog, so two catalogs in one cache never share an entry. */
const catalogIds = new WeakMap<object, number>();
let lastCatalogId = 0;

function catalogId(catalog: object): number {
  let id = catalogIds.get(catalog);
  if (id === undefined) catalogIds.set(catalog, (id = lastCatalogId += 1));
  return id;
}

export class ByteCache<Kinds extends Readonly<Record<string, CacheKind>> = Readonly<Record<string, CacheKind>>> {
  readonly budget: number;
  /** The kinds it may hold, by name in code (src/api/cache-kinds.ts): using any other is a defect. */
  readonly kinds: Kinds;
  readonly #counts = new Map<CacheKind, KindCounts>();
  readonly #seenOnce = new Set<string>();
  /** The key each stored value is held under, so a value that grew can be sized again. */
  readonly #keys = new WeakMap<Sized, string>();
  readonly #lru: LRUCache<string, Slot>;

  constructor(budget: number, kinds: Kinds) {
    this.budget = budget;
    this.kinds = kinds;
    for (const kind of Object.values(kinds)) this.#counts.set(kind, { bytes: 0, hits: 0, misses: 0, evictions: 0 });
    this.#lru = new LRUCache<string, Slot>({
      maxSize: budget,
      dispose: (slot, key, reason) => {
        const counts = this.#countsOf(slot.kind);
        counts.bytes -= slot.size;
        if (reason === 'evict') counts.evictions += 1;
        if (this.#keys.get(slot.value) === key) this.#keys.delete(slot.value);
      },
    });
  }

  /** The full key of an entry: its catalog's number when the kind is catalog-scoped, the kind's name, the kind's key of `parts`. */
  key<Parts extends readonly (string | number)[]>(kind: CacheKind<Sized, Parts>, catalog: object | null, ...parts: Parts): string {
    return this.keyOf(kind, catalog, kind.key(...parts));
  }

  /** The full key of an entry whose own key (the kind's `key` of its parts) is `own`. */
  keyOf(kind: CacheKind, catalog: object | null, own: string): string {
    return `${kind.catalogScoped && catalog ? catalogId(catalog) : ''}${KEY_SEPARATOR}${kind.name}${KEY_SEPARATOR}${own}`;
  }

  #countsOf(kind: CacheKind): KindCounts {
    const counts = this.#counts.get(kind);
    if (!counts) throw new Error(`The cache kind "${kind.name}" is not in the registry (src/api/cache-kinds.ts)`);
    return counts;
  }

  /** The value under `key`, marking it recently used; counted as a hit or a miss of `kind`. */
  get<V extends Sized>(kind: CacheKind<V>, key: string): V | undefined {
    const value = this.#lru.get(key)?.value as V | undefined;
    this.#countsOf(kind)[value === undefined ? 'misses' : 'hits'] += 1;
    return value;
  }

  /** Stores `value` when `key` was set before (or is held now); the first time, only remembers the key. */
  set<V extends Sized>(kind: CacheKind<V>, key: string, value: V): void {
    this.#countsOf(kind);
    if (!this.#lru.has(key) && !this.#seenOnce.delete(key)) {
      if (this.#seenOnce.size >= SEEN_ONCE_KEYS) this.#seenOnce.clear();
      this.#seenOnce.add(key);
      return;
    }
    this.#store(kind, key, value);
  }

  /** The value under `key`, or the one `make` builds, kept from the second time it is made. */
  getOrMake<V extends Sized>(kind: CacheKind<V>, key: string, make: () => V): V {
    const hit = this.get(kind, key);
    if (hit) return hit;
    const value = make();
    this.set(kind, key, value);
    return value;
  }

  #store(kind: CacheKind, key: string, value: Sized): void {
    const size = value.heldBytes() + stringBytes(key) + ENTRY_OVERHEAD_BYTES;
    if (size > this.budget) return;
    this.#countsOf(kind).bytes += size;
    this.#lru.set(key, { kind, value, size }, { size });
    this.#keys.set(value, key);
  }

  /** Sizes `value`'s entry again after it grew (a payload that gained a coded form); evicts others if the total passes the budget. */
  resized(value: Sized): void {
    const key = this.#keys.get(value);
    const slot = key === undefined ? undefined : this.#lru.peek(key);
    if (key === undefined || slot?.value !== value) return;
    // lru-cache keeps the old size when the same value is set again, so the entry is stored anew.
    this.#lru.delete(key);
    this.#store(slot.kind, key, value);
  }

  /** The values held of `kind`, without marking them used: a walk over every entry, for a report on demand. */
  *valuesOf<V extends Sized>(kind: CacheKind<V>): Generator<V> {
    for (const slot of this.#lru.values()) if (slot.kind === kind) yield slot.value as V;
  }

  /** Each registered kind's bytes and lookups; every kind shares the one budget. */
  stats(): Record<string, CacheStats> {
    return Object.fromEntries([...this.#counts].map(([kind, counts]) => [kind.name, { ...counts, budgetBytes: this.budget }]));
  }

  /** What the cache holds per kind and in all, against the budget. */
  usage() {
    const held = [...this.#counts].filter(([, { bytes }]) => bytes !== 0);
    const byKind = Object.fromEntries(held.map(([kind, { bytes }]) => [kind.name, bytes]));
    return { budget: this.budget, held: this.#lru.calculatedSize, entries: this.#lru.size, byKind };
  }
}
