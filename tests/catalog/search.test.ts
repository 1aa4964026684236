/** The catalog's text search: folding, searchable text, terms and matching on fixed literals; the index against a plain scan. */
import { describe, expect, it } from 'vitest';
import { matchesTerms, normalizeText, queryTerms, SearchIndex, searchableText } from '../../src/catalog/search.ts';

describe('normalizeText', () => {
  it.each([
    ['Operação', 'operacao'],
    ['OPERAÇÃO', 'operacao'],
    ['São Paulo', 'sao paulo'],
    ['Ünïcödé ÉCOLE', 'unicode ecole'],
    ['naïve café', 'naive cafe'],
    ['already plain', 'already plain'],
  ])('folds %j to %j', (text, folded) => {
    expect(normalizeText(text)).toBe(folded);
  });

  it('folds a precomposed and a decomposed accent the same way', () => {
    expect(normalizeText('\u00e7')).toBe('c');
    expect(normalizeText('c\u0327')).toBe('c');
  });
});

describe('searchableText', () => {
  it('joins every string of a value, both locales and nested lists included, folded', () => {
    const entry = { slug: 'ops', name: { 'en-US': 'Operation', 'pt-BR': 'Operação' }, tags: ['Dados', ['Café']], year: 2024, none: null };
    expect(searchableText(entry)).toBe('ops \u0000 operation \u0000 operacao \u0000 dados \u0000 cafe');
  });

  it('keeps strings apart, so no term matches across two of them', () => {
    const text = searchableText(['data', 'base']);
    expect(matchesTerms(text, ['database'])).toBe(false);
    expect(matchesTerms(text, ['data', 'base'])).toBe(true);
  });
});

describe('queryTerms', () => {
  it('trims, folds and splits on any whitespace', () => {
    expect(queryTerms('  Café\tCOM   Leite\n')).toEqual(['cafe', 'com', 'leite']);
  });

  it.each(['', '   ', '\t\n'])('gives no terms for the blank query %j', (query) => {
    expect(queryTerms(query)).toEqual([]);
  });
});

describe('matchesTerms', () => {
  const text = 'operacao de dados \u0000 data operations';

  it('needs every term, anywhere in the text', () => {
    expect(matchesTerms(text, ['dados', 'operacao'])).toBe(true);
    expect(matchesTerms(text, ['oper'])).toBe(true);
    expect(matchesTerms(text, ['dados', 'missing'])).toBe(false);
  });

  it('matches everything with no terms', () => {
    expect(matchesTerms(text, [])).toBe(true);
  });
});

describe('SearchIndex.select', () => {
  // 100 texts (four words of the entry sets: bit 31 and the padding after the last entry included)
  // over a small alphabet, so every term length hits some, misses some, and pairs recur.
  const letters = 'abcdeé\u0000 ';
  let seed = 42;
  // The LCG's high bits: its low ones repeat with a short period, which would draw the same pairs.
  const next = (below: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) >>> 16) % below;
  const draw = (length: number) => Array.from({ length }, () => letters[next(letters.length)]).join('');
  const texts = Array.from({ length: 100 }, (_, index) => (index % 17 === 0 ? '' : draw(1 + next(40))));
  const index = SearchIndex.of(texts);
  const scan = (terms: string[], keep: (entry: number) => boolean = () => true) =>
    texts.flatMap((text, entry) => (matchesTerms(text, terms) && keep(entry) ? [entry] : []));

  it('finds what a scan of every text finds, for terms of 1 to 5 characters, one or two at a time', () => {
    for (let query = 0; query < 400; query += 1) {
      const terms = Array.from({ length: 1 + (query % 2) }, () => draw(1 + next(5)).replace(/ /g, 'a'));
      expect(
        index.select(terms, () => true),
        terms.join('|'),
      ).toEqual(scan(terms));
    }
  });

  it('selects only what `keep` accepts, and nothing for a pair no text holds', () => {
    const even = (entry: number) => entry % 2 === 0;
    expect(index.select(['ab'], even)).toEqual(scan(['ab'], even));
    expect(index.select(['zz'], () => true)).toEqual([]);
    expect(index.select(['a', 'zz'], () => true)).toEqual([]);
  });

  it('never matches across two texts', () => {
    const pair = SearchIndex.of(['ab', 'cd']);
    expect(pair.select(['bc'], () => true)).toEqual([]);
    expect(pair.select(['b'], () => true)).toEqual([0]);
  });
});
