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

/** Separates the texts of a SearchIndex: a control character, which no query term may hold. */
const SEPARATOR = '\u0001';

/**
 * A list's search texts joined into one string, with where each starts: a term is found by one
 * indexOf pass over the whole list, which jumps to the next entry after each hit, rather than by
 * one call per entry. The build stores the joined text (src/api/payload-store.ts), so a server
 * worker holds it once and never folds a text itself.
 */
export class SearchIndex {
  /** Every text, in list order, each followed by SEPARATOR. */
  readonly joined: string;
  /** Where each text starts in `joined`, and one more: the end of the last text plus one. */
  readonly starts: Int32Array;

  constructor(joined: string, starts: Int32Array) {
    this.joined = joined;
    this.starts = starts;
  }

  static of(texts: readonly string[]): SearchIndex {
    const starts = new Int32Array(texts.length + 1);
    let at = 0;
    texts.forEach((text, index) => {
      starts[index] = at;
      at += text.length + SEPARATOR.length;
    });
    starts[texts.length] = at;
    return new SearchIndex(texts.map((text) => text + SEPARATOR).join(''), starts);
  }

  get count(): number {
    return this.starts.length - 1;
  }

  /** The entry whose text holds position `at`, searching from entry `from` on (positions only grow). */
  #entryAt(at: number, from: number): number {
    let low = from;
    let high = this.count - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (this.starts[middle]! <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /**
   * Indexes, in order, of the entries holding every term that `keep` accepts. The longest term is
   * looked for across the joined text; an entry it hits is checked for the others within its own text.
   */
  select(terms: readonly string[], keep: (index: number) => boolean): number[] {
    const probe = terms.reduce((longest, term) => (term.length > longest.length ? term : longest), '');
    const others = terms.filter((term) => term !== probe);
    const indexes: number[] = [];
    let entry = 0;
    let at = this.joined.indexOf(probe);
    while (at !== -1) {
      entry = this.#entryAt(at, entry);
      const end = this.starts[entry + 1]! - SEPARATOR.length;
      if ((others.length === 0 || matchesTerms(this.joined.slice(this.starts[entry]!, end), others)) && keep(entry)) indexes.push(entry);
      entry += 1;
      if (entry >= this.count) break;
      at = this.joined.indexOf(probe, this.starts[entry]!);
    }
    return indexes;
  }
}

/**
 * Indexes, in order, of the `count` entries whose search text holds every term and that `keep`
 * accepts: the one filter behind every directory and discovery. `index` is read only when there are
 * terms, so an unsearched list never needs its search index.
 */
export function selectIndexes(
  count: number,
  terms: readonly string[],
  index: () => SearchIndex,
  keep: (index: number) => boolean,
): number[] {
  if (terms.length > 0) return index().select(terms, keep);
  const indexes: number[] = [];
  for (let at = 0; at < count; at++) if (keep(at)) indexes.push(at);
  return indexes;
}
