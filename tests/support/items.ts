/** Helpers for reading directory payloads in tests: identities, text, search oracles. */
import { normalizeText, queryTerms } from '../../src/catalog/search.ts';

/** An item of a directory payload. */
export type Item = Record<string, unknown>;

/** A directory payload: items plus their count (portfolio adds facets). */
export interface DirectoryPayload {
  items: Item[];
  count: number;
}

/** True when a payload is a directory (has an items array). */
export function isDirectory(payload: unknown): payload is DirectoryPayload {
  return typeof payload === 'object' && payload !== null && Array.isArray((payload as { items?: unknown }).items);
}

/** An item's identity: its slug, or its id for discovery items. */
export function identity(item: Item): string {
  const key = item['slug'] ?? item['id'];
  if (typeof key !== 'string') throw new Error(`item without slug or id: ${JSON.stringify(item).slice(0, 200)}`);
  return key;
}

/** Identities of a list of items, in order. */
export const identities = (items: readonly Item[]): string[] => items.map(identity);

/** Every string inside a value, depth first. */
export function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** The slugs a relation field holds, whether it is a slug, a Ref, or a list of either. */
export function slugsOf(value: unknown): string[] {
  const one = (entry: unknown): string | undefined =>
    typeof entry === 'string'
      ? entry
      : typeof entry === 'object' && entry !== null
        ? ((entry as { slug?: string }).slug ?? undefined)
        : undefined;
  const list = Array.isArray(value) ? value : [value];
  return list.map(one).filter((slug): slug is string => slug !== undefined);
}

/** True when `part` lists a subset of `whole` in the same relative order. */
export function isOrderedSubset(part: readonly string[], whole: readonly string[]): boolean {
  let index = 0;
  for (const key of part) {
    index = whole.indexOf(key, index);
    if (index === -1) return false;
    index += 1;
  }
  return true;
}

/**
 * Search oracle: an item matches when every whitespace-separated term of `q` occurs, folded, in
 * one of its strings in either locale. Folding and splitting are the catalog's own (tested with
 * fixed literals in tests/catalog/search.test.ts); what the oracle adds is per-string matching.
 */
export function matchesQuery(texts: readonly string[], q: string): boolean {
  const terms = queryTerms(q);
  const folded = texts.map(normalizeText);
  return terms.every((term) => folded.some((text) => text.includes(term)));
}
