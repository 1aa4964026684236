/** Per-catalog memoization: values built once per catalog and key, then reused by every request. */
const caches = new WeakMap<object, Map<string, unknown>>();

/** Returns the cached value for `key`, building it on first use. */
export function memo<T>(owner: object, key: string, build: () => T): T {
  let cache = caches.get(owner);
  if (!cache) {
    cache = new Map();
    caches.set(owner, cache);
  }
  if (!cache.has(key)) cache.set(key, build());
  return cache.get(key) as T;
}
