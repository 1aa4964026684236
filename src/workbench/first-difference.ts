/** Where two JSON values first differ, in words, so a failed comparison says what to look at. */
import { isRecord, preview } from './check.ts';

/** Appends a key to a JSON path in the `items[0].name` style. */
const join = (at: string, key: string | number): string => (typeof key === 'number' ? `${at}[${key}]` : at === '' ? key : `${at}.${key}`);

/** The first difference between `a` and `b` (e.g. `items[0].name: "x" ≠ "y"`), or undefined when equal. */
export function firstDifference(a: unknown, b: unknown, at = ''): string | undefined {
  const where = at === '' ? 'the root' : at;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
      const found = firstDifference(a[index], b[index], join(at, index));
      if (found !== undefined) return found;
    }
    return a.length === b.length ? undefined : `${where}: ${a.length} items ≠ ${b.length} items`;
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const key of keys) {
      if (!Object.hasOwn(a, key)) return `${join(at, key)}: missing here, present in the payload`;
      if (!Object.hasOwn(b, key)) return `${join(at, key)}: present here, missing from the payload`;
      const found = firstDifference(a[key], b[key], join(at, key));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return Object.is(a, b) ? undefined : `${where}: ${preview(a, 40)} ≠ ${preview(b, 40)}`;
}
