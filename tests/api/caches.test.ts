/**
 * The worker's one byte budget and the payloads it holds, in process: sizes counted as V8 holds
 * strings, entries at and past the budget, least-recently-used eviction, entries that grow after
 * they are stored, and the per-kind statistics the metrics read. Every expected number is worked
 * out here from the sizes the test chooses.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { ByteCache, ENTRY_OVERHEAD_BYTES, SEEN_ONCE_KEYS, stringBytes, type CacheKind, type Sized } from '../../src/api/byte-cache.ts';
import { ApiError } from '../../src/api/api-error.ts';
import { CACHE_KINDS, createWorkerCache } from '../../src/api/cache-kinds.ts';
import { codedBody, PreparedPayload } from '../../src/api/codings.ts';
import { etagFor } from '../../src/api/payload-store.ts';
import { checkedQuery } from '../../src/api/respond.ts';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { routeById } from '../../src/routes/routes.ts';

/** A value that says it holds `size` bytes; `size` may change after it is stored, and then the cache is told. */
class Blob implements Sized {
  size: number;
  constructor(size: number) {
    this.size = size;
  }
  heldBytes(): number {
    return this.size;
  }
}

describe('stringBytes', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['ção\u00ff', 4],
    ['\u0100', 2],
    ['a€', 4],
    ['😀', 4],
  ])('%j holds %i bytes', (text, bytes) => {
    expect(stringBytes(text)).toBe(bytes);
  });
});

/** Kinds of a test's own: a cache is made with the kinds it may hold. */
const testKind = (name: string, catalogScoped = false): CacheKind => ({
  name,
  key: (...parts) => parts.join('\u0000'),
  holds: 'a test value',
  keyedBy: 'the test key',
  catalogScoped,
  bound: 'the test',
});
const KINDS = { page: testKind('page'), file: testKind('file'), other: testKind('other') };
const { page, file, other } = KINDS;

describe('ByteCache', () => {
  // A two-character key and the overhead: an entry of n bytes costs n + 2 + 256.
  const cost = (bytes: number) => bytes + 2 + ENTRY_OVERHEAD_BYTES;
  /** Sets a value twice: the cache keeps a key the second time it is set. */
  const keep = (cache: ByteCache, kind: CacheKind, key: string, value: Sized) => {
    cache.set(kind, key, value);
    cache.set(kind, key, value);
  };

  it('keeps a key only the second time it is set, so a one-off value takes no budget', () => {
    const cache = new ByteCache(1000, KINDS);
    const value = new Blob(100);
    cache.set(page, 'once', value);
    expect(cache.get(page, 'once')).toBeUndefined();
    expect(cache.usage().entries).toBe(0);
    cache.set(page, 'once', value);
    expect(cache.get(page, 'once')).toBe(value);
    // A held key is replaced at once.
    const other = new Blob(50);
    cache.set(page, 'once', other);
    expect(cache.get(page, 'once')).toBe(other);
  });

  it('remembers at most SEEN_ONCE_KEYS keys set once', () => {
    const cache = new ByteCache(1000, KINDS);
    cache.set(page, 'first', new Blob(10));
    for (let key = 0; key < SEEN_ONCE_KEYS; key++) cache.set(page, `k${key}`, new Blob(10));
    // The list was full when the last key came: it starts again, and the first key is forgotten.
    cache.set(page, 'first', new Blob(10));
    expect(cache.get(page, 'first')).toBeUndefined();
  });

  it('sizes an entry by what it holds, its key and the overhead, and counts hits and misses per kind', () => {
    const cache = new ByteCache(1000, KINDS);
    const value = new Blob(100);
    keep(cache, page, 'k1', value);
    expect(cache.get(page, 'k1')).toBe(value);
    expect(cache.get(page, 'k2')).toBeUndefined();
    expect(cache.get(other, 'k1')).toBe(value);
    expect(cache.usage()).toEqual({ budget: 1000, held: cost(100), entries: 1, byKind: { page: cost(100) } });
    expect(cache.stats()).toEqual({
      page: { bytes: cost(100), budgetBytes: 1000, hits: 1, misses: 1, evictions: 0 },
      file: { bytes: 0, budgetBytes: 1000, hits: 0, misses: 0, evictions: 0 },
      other: { bytes: 0, budgetBytes: 1000, hits: 1, misses: 0, evictions: 0 },
    });
  });

  it('lists the values of one kind without marking them used', () => {
    const cache = new ByteCache(1000, KINDS);
    const [a, b, c] = [new Blob(10), new Blob(11), new Blob(12)];
    keep(cache, page, 'k1', a);
    keep(cache, file, 'k2', b);
    keep(cache, page, 'k3', c);
    expect(new Set(cache.valuesOf(page))).toEqual(new Set([a, c]));
    expect([...cache.valuesOf(other)]).toEqual([]);
    // Listing did not make k1 the most recently used: it is still the first to go.
    keep(cache, file, 'k4', new Blob(10)); // 4 × 268 > 1000: one goes
    expect(cache.get(page, 'k1')).toBeUndefined();
    expect(cache.get(page, 'k3')).toBe(c);
  });

  it('keeps an entry of exactly the budget, and not one byte more', () => {
    const cache = new ByteCache(1000, KINDS);
    keep(cache, page, 'k1', new Blob(1000 - cost(0) + 1));
    expect(cache.usage().entries).toBe(0);
    expect(cache.usage().byKind).toEqual({});
    keep(cache, page, 'k1', new Blob(1000 - cost(0)));
    expect(cache.usage()).toMatchObject({ held: 1000, entries: 1 });
  });

  it('evicts the least recently used entries once the total passes the budget', () => {
    const cache = new ByteCache(1000, KINDS);
    keep(cache, page, 'k1', new Blob(100));
    keep(cache, page, 'k2', new Blob(100));
    cache.get(page, 'k1');
    keep(cache, file, 'k3', new Blob(100)); // 3 × 358 > 1000: k2 goes, k1 was used more recently
    expect(cache.get(page, 'k2')).toBeUndefined();
    expect(cache.get(page, 'k1')).toBeDefined();
    expect(cache.usage()).toEqual({ budget: 1000, held: 2 * cost(100), entries: 2, byKind: { page: cost(100), file: cost(100) } });
    expect(cache.stats()['page']).toMatchObject({ bytes: cost(100), evictions: 1 });
    expect(cache.stats()['file']).toMatchObject({ bytes: cost(100), evictions: 0 });
  });

  it('sizes an entry again after it grew, evicting others when it passes the budget', () => {
    const cache = new ByteCache(1000, KINDS);
    const growing = new Blob(100);
    keep(cache, page, 'k1', growing);
    keep(cache, file, 'k2', new Blob(100));
    growing.size = 300;
    cache.resized(growing);
    expect(cache.usage()).toMatchObject({ held: cost(300) + cost(100), entries: 2, byKind: { page: cost(300), file: cost(100) } });
    growing.size = 500;
    cache.resized(growing);
    expect(cache.get(file, 'k2')).toBeUndefined();
    expect(cache.usage()).toMatchObject({ held: cost(500), entries: 1, byKind: { page: cost(500) } });
    // A value the cache does not hold changes nothing.
    cache.resized(new Blob(1));
    expect(cache.usage().entries).toBe(1);
    // Re-sizing is not evicting: only k2 was pushed out.
    expect(cache.stats()['page']).toMatchObject({ evictions: 0 });
    expect(cache.stats()['file']).toMatchObject({ evictions: 1 });
  });

  it('refuses a kind it was not made with', () => {
    const cache = new ByteCache(1000, KINDS);
    expect(() => cache.set(testKind('page'), 'k', new Blob(1))).toThrow(
      'The cache kind "page" is not in the registry (src/api/cache-kinds.ts)',
    );
  });

  it('keeps two catalogs apart in a catalog-scoped kind, not in another', () => {
    const cache = new ByteCache(1000, KINDS);
    const scoped = testKind('scoped', true);
    const [a, b] = [{}, {}];
    expect(cache.key(scoped, a, 'k')).toBe(cache.key(scoped, a, 'k'));
    expect(cache.key(scoped, b, 'k')).not.toBe(cache.key(scoped, a, 'k'));
    expect(cache.key(page, b, 'k')).toBe(cache.key(page, a, 'k'));
    expect(cache.key(other, a, 'k')).not.toBe(cache.key(page, a, 'k'));
  });

  it("a worker cache holds the registry's kinds within the budget it was given", () => {
    const cache = createWorkerCache(1234);
    expect(cache.budget).toBe(1234);
    expect(Object.keys(cache.stats()).sort()).toEqual(
      Object.values(CACHE_KINDS)
        .map((kind) => kind.name)
        .sort(),
    );
    for (const stats of Object.values(cache.stats())) expect(stats.budgetBytes).toBe(1234);
  });
});

describe('PreparedPayload', () => {
  it('holds the UTF-8 bytes and its tag, in a backing store of its own (not a slab of the Buffer pool)', () => {
    const payload = new PreparedPayload('{"a":"é"}', 'W/"tag"');
    expect(payload.json).toBe('{"a":"é"}');
    expect(payload.heldBytes()).toBe(10 + 7);
    expect(payload.bytes.buffer.byteLength).toBe(10);
  });
});

describe('etagFor', () => {
  it('is a weak tag over the query, a newline and the payload', () => {
    const digest = createHash('sha1').update('q=a\n{"x":1}').digest('base64url');
    expect(etagFor('q=a', '{"x":1}')).toBe(`W/"${digest}"`);
    expect(etagFor('q=b', '{"x":1}')).not.toBe(etagFor('q=a', '{"x":1}'));
  });
});

describe('getOrMake', () => {
  it('keeps a value from its second build on, once per catalog, kind and key', () => {
    const cache = createWorkerCache(1024 * 1024);
    const { payload, page } = cache.kinds;
    const [a, b] = [{}, {}];
    const build = vi.fn(() => new PreparedPayload('{"n":1}', 'W/"1"'));
    const once = cache.getOrMake(payload, cache.keyOf(payload, a, 'key'), build);
    const kept = cache.getOrMake(payload, cache.keyOf(payload, a, 'key'), build);
    expect(kept).not.toBe(once);
    expect(cache.getOrMake(payload, cache.keyOf(payload, a, 'key'), build)).toBe(kept);
    expect(build).toHaveBeenCalledTimes(2);
    expect(cache.getOrMake(page, cache.keyOf(page, a, 'key'), build)).not.toBe(kept);
    expect(cache.getOrMake(payload, cache.keyOf(payload, b, 'key'), build)).not.toBe(kept);
    expect(build).toHaveBeenCalledTimes(4);
  });

  it('counts a compressed form added later against the budget', () => {
    const cache = createWorkerCache(1024 * 1024);
    const { payload } = cache.kinds;
    cache.getOrMake(payload, 'key', () => new PreparedPayload('{}', ''));
    const kept = cache.getOrMake(payload, 'key', () => new PreparedPayload('{}', ''));
    const before = cache.stats()['payload']!.bytes;
    codedBody(kept, '}', 'gzip', cache);
    expect(cache.stats()['payload']!.bytes).toBe(before + kept.gzip!.deflated.length + 64);
  });
});

describe('checkedQuery', () => {
  const catalog = loadCatalogFromFiles();
  const projects = routeById('listProjects');
  const stacks = routeById('listStacks');
  const cache = createWorkerCache();
  const queryBytes = () => cache.stats()['query']!.bytes;

  it('checks a spelling once per route once it is seen again, and counts it in the budget with its key', () => {
    const before = queryBytes();
    const once = checkedQuery(projects, 'q=Ledger+sync&limit=5', catalog, cache);
    expect(queryBytes()).toBe(before);
    const first = checkedQuery(projects, 'q=Ledger+sync&limit=5', catalog, cache);
    expect(first).not.toBe(once);
    const added = queryBytes() - before;
    expect(checkedQuery(projects, 'q=Ledger+sync&limit=5', catalog, cache)).toBe(first);
    expect(queryBytes() - before).toBe(added);
    expect(added).toBe(
      first.heldBytes() +
        stringBytes(`${cache.key(CACHE_KINDS.query, catalog, projects.id, 'q=Ledger+sync&limit=5')}`) +
        ENTRY_OVERHEAD_BYTES,
    );
    expect(first.heldBytes()).toBeGreaterThan(2 * (first.filtersJson.length + first.receivedJson.length));
    expect(first.receivedJson).toBe('{"q":"Ledger sync","limit":"5"}');
    expect(checkedQuery(stacks, 'q=Ledger+sync&limit=5', catalog, cache)).not.toBe(first);
  });

  it('gives equivalent spellings the same filters, and each its own received query', () => {
    const a = checkedQuery(projects, 'q=sync+LEDGER', catalog, cache);
    const b = checkedQuery(projects, 'q=ledger%20%20sync%20ledger', catalog, cache);
    expect(a).not.toBe(b);
    expect(a.filtersJson).toBe(b.filtersJson);
    expect(a.receivedJson).not.toBe(b.receivedJson);
  });

  it('keeps nothing of a query that fails its check', () => {
    const before = queryBytes();
    for (let attempt = 0; attempt < 2; attempt += 1) expect(() => checkedQuery(projects, 'nope=1', catalog, cache)).toThrow(ApiError);
    expect(queryBytes()).toBe(before);
  });

  it('shares one query between requests, so nothing can change it', () => {
    const { parsed } = checkedQuery(projects, 'q=ledger', catalog, cache);
    expect(() => (parsed.terms as string[]).push('x')).toThrow(TypeError);
    expect(() => Object.assign(parsed.received, { q: 'x' })).toThrow(TypeError);
  });
});
