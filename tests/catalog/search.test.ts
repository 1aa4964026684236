/** The catalog's text search, on fixed literals: folding, searchable text, terms and matching. */
import { describe, expect, it } from 'vitest';
import { matchesTerms, normalizeText, queryTerms, searchableText } from '../../src/catalog/search.ts';

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
