/** The catalog's own text search: case- and accent-insensitive, every term must match. */

/** Text that is its own NFD form and holds no combining marks. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Lowercases and strips accents (NFD, then drops combining marks), so "Operação" ≈ "operacao". */
export function normalizeText(text: string): string {
  // Printable ASCII is its own NFD form and has no marks: most queries and filter values skip both passes.
  if (PRINTABLE_ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Every string inside a value (both locales included), normalized and joined, for search. */
export function searchableText(value: unknown): string {
  const parts: string[] = [];
  const visit = (item: unknown): void => {
    if (typeof item === 'string') parts.push(item);
    else if (Array.isArray(item)) item.forEach(visit);
    else if (item !== null && typeof item === 'object') Object.values(item).forEach(visit);
  };
  visit(value);
  return normalizeText(parts.join(' \u0000 '));
}

/** Splits a query into normalized terms; an empty query gives no terms and filters nothing. */
export function queryTerms(query: string): string[] {
  return normalizeText(query.trim()).split(/\s+/u).filter(Boolean);
}

/** True when every term appears in the searchable text. */
export function matchesTerms(text: string, terms: readonly string[]): boolean {
  return terms.every((term) => text.includes(term));
}

/**
 * Indexes, in order, of the `count` entries whose search text holds every term and that `keep`
 * accepts: the one filter behind every directory and discovery. `texts` is read only when there are
 * terms, so an unsearched list never builds its search texts.
 */
export function selectIndexes(
  count: number,
  terms: readonly string[],
  texts: () => readonly string[],
  keep: (index: number) => boolean,
): number[] {
  const searched = terms.length > 0 ? texts() : [];
  const indexes: number[] = [];
  for (let index = 0; index < count; index++) {
    if (terms.length > 0 && !matchesTerms(searched[index] ?? '', terms)) continue;
    if (keep(index)) indexes.push(index);
  }
  return indexes;
}
