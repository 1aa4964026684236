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

/** Code units below this pair up in a flat table: a folded text is nearly all ASCII. */
const TABLE_UNITS = 128;

/**
 * The entry sets of a list's character pairs (bigrams): one bit per entry. An ASCII pair finds its set
 * through a flat table, any other through a map, so making them reads each character once with no
 * hashing (at 100×, every index of the store in 0.4 s with a map alone).
 */
class PairSets {
  readonly #words: number;
  readonly #sets: Uint32Array[] = [];
  /** For an ASCII pair (first * TABLE_UNITS + second), 1 + its place in #sets; 0 while no entry holds it. */
  readonly #places = new Uint16Array(TABLE_UNITS * TABLE_UNITS);
  /** Every other pair's set, by first * 0x10000 + second. */
  readonly #others = new Map<number, Uint32Array>();

  /** Sets of `words` 32-bit words, one bit per entry. */
  constructor(words: number) {
    this.#words = words;
  }

  /** The set of the pair `first`, `second` (UTF-16 code units), undefined while no entry holds it. */
  get(first: number, second: number): Uint32Array | undefined {
    if (first < TABLE_UNITS && second < TABLE_UNITS) {
      const place = this.#places[first * TABLE_UNITS + second]!;
      return place === 0 ? undefined : this.#sets[place - 1];
    }
    return this.#others.get(first * 0x10000 + second);
  }

  /** The set of that pair, made empty if it had none. */
  setOf(first: number, second: number): Uint32Array {
    let set = this.get(first, second);
    if (set) return set;
    set = new Uint32Array(this.#words);
    if (first < TABLE_UNITS && second < TABLE_UNITS) this.#places[first * TABLE_UNITS + second] = this.#sets.push(set);
    else this.#others.set(first * 0x10000 + second, set);
    return set;
  }
}

/**
 * A list's search texts joined into one string, with where each starts. The build stores the joined
 * text (src/api/payload-store.ts), so a server worker holds it once and never folds a text itself.
 *
 * A search first narrows the entries by bigrams: for every pair of neighbouring characters in the
 * texts, the set of entries holding it (one bit each). An entry can hold a term only if it holds
 * every pair of it, so the AND of the term's pairs' sets leaves the candidates, and only those are
 * read; a two-character term needs no reading at all. So a term that matches few entries costs what
 * its candidates hold, not a pass over the whole joined text (9.9 MB for discovery at 100×).
 */
export class SearchIndex {
  /** Every text, in list order, each followed by SEPARATOR. */
  readonly joined: string;
  /** Where each text starts in `joined`, and one more: the end of the last text plus one. */
  readonly starts: Int32Array;
  /**
   * Per pair, the entries holding it. Made with the index, so a worker makes them as it starts, not on
   * its first search (at 100×, discovery's: 828 pairs, 1.6 MB).
   */
  readonly #pairs: PairSets;

  constructor(joined: string, starts: Int32Array) {
    this.joined = joined;
    this.starts = starts;
    this.#pairs = this.#pairSets();
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

  /** Words of 32 bits in one entry set. */
  get #words(): number {
    return (this.count + 31) >>> 5;
  }

  #pairSets(): PairSets {
    const pairs = new PairSets(this.#words);
    const { joined } = this;
    for (let entry = 0; entry < this.count; entry++) {
      const word = entry >>> 5;
      const bit = 1 << (entry & 31);
      const end = this.starts[entry + 1]! - SEPARATOR.length;
      let first = joined.charCodeAt(this.starts[entry]!);
      for (let at = this.starts[entry]! + 1; at < end; at++) {
        const second = joined.charCodeAt(at);
        pairs.setOf(first, second)[word]! |= bit;
        first = second;
      }
    }
    return pairs;
  }

  /** The entries that may hold every term: those holding every pair of every term (all, for one-character terms). */
  #candidates(terms: readonly string[]): Uint32Array {
    const candidates = new Uint32Array(this.#words).fill(0xffffffff);
    for (const term of terms)
      for (let at = 0; at + 1 < term.length; at++) {
        const set = this.#pairs.get(term.charCodeAt(at), term.charCodeAt(at + 1));
        if (!set) return candidates.fill(0);
        for (let word = 0; word < candidates.length; word++) candidates[word]! &= set[word]!;
      }
    return candidates;
  }

  /**
   * Indexes, in order, of the entries holding every term that `keep` accepts: the candidates, each
   * read for the terms their pairs do not settle (any but a two-character term).
   */
  select(terms: readonly string[], keep: (index: number) => boolean): number[] {
    const unsettled = terms.filter((term) => term.length !== 2);
    const candidates = this.#candidates(terms);
    const indexes: number[] = [];
    for (let word = 0; word < candidates.length; word++) {
      for (let bits = candidates[word]!; bits !== 0; bits &= bits - 1) {
        const entry = (word << 5) + 31 - Math.clz32(bits & -bits);
        if (entry >= this.count) break;
        if (unsettled.length > 0) {
          const text = this.joined.slice(this.starts[entry]!, this.starts[entry + 1]! - SEPARATOR.length);
          if (!matchesTerms(text, unsettled)) continue;
        }
        if (keep(entry)) indexes.push(entry);
      }
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
