/** Per-catalog memoization: values built once per catalog and key, then reused by every request. */
const caches = new WeakMap<object, Map<string, unknown>>();

function cacheOf(owner: object): Map<string, unknown> {
  let cache = caches.get(owner);
  if (!cache) {
    cache = new Map();
    caches.set(owner, cache);
  }
  return cache;
}

/** Returns the cached value for `key`, building it on first use. */
export function memo<T>(owner: object, key: string, build: () => T): T {
  const cache = cacheOf(owner);
  if (!cache.has(key)) cache.set(key, build());
  return cache.get(key) as T;
}

/** Stores a value built elsewhere (the build's payload store) under `key`, so `memo` finds it and never builds it. */
export function seedMemo(owner: object, key: string, value: unknown): void {
  cacheOf(owner).set(key, value);
}
