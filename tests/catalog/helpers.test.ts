/** The catalog's small helpers at their edges: suggestions, slugs, localized text, page URLs. */
import { describe, expect, it } from 'vitest';
import { isLocalizedText, localize, missingTranslations } from '../../src/catalog/localize.ts';
import { didYouMean, slugify } from '../../src/catalog/suggest.ts';
import { pageUrl } from '../../src/catalog/urls.ts';
import { COLLECTION_NAMES, type CollectionName } from '../../src/schemas/collections.ts';

describe('didYouMean', () => {
  const fields = ['summary', 'name', 'kind'];

  it('suggests within a third of the length, ignoring case and surrounding spaces', () => {
    expect(didYouMean('sumary', fields)).toBe('summary');
    expect(didYouMean(' SUMMARY ', fields)).toBe('summary');
    expect(didYouMean('pt-br', ['en-US', 'pt-BR'])).toBe('pt-BR');
  });

  it('one edit is always close enough, one more than a third is not', () => {
    expect(didYouMean('nme', fields)).toBe('name');
    // 6 and 7 characters allow 2 edits: "kindxx" is 2 away from "kind", "kindxxx" 3, "kixxxx" 4.
    expect(didYouMean('kindxx', fields)).toBe('kind');
    expect(didYouMean('kindxxx', fields)).toBeUndefined();
    expect(didYouMean('kixxxx', fields)).toBeUndefined();
  });

  it('counts two neighbouring characters swapped as one typo', () => {
    const gates = ['site:export', 'format:check', 'lint', 'test', 'build', 'matrix:check'];
    expect(didYouMean('lnit', gates)).toBe('lint');
    expect(didYouMean('tset', gates)).toBe('test');
    // Two swaps are two typos: too many for four characters.
    expect(didYouMean('nlti', gates)).toBeUndefined();
  });

  it('suggests nothing for the value itself, for non-text, blank values or no candidates', () => {
    expect(didYouMean('name', fields)).toBeUndefined();
    expect(didYouMean(42, fields)).toBeUndefined();
    expect(didYouMean('   ', fields)).toBeUndefined();
    expect(didYouMean('name', [])).toBeUndefined();
    expect(didYouMean('colour', fields)).toBeUndefined();
  });
});

describe('slugify', () => {
  it.each([
    ['Docs Hub', 'docs-hub'],
    ['  Operação -- Ágil!  ', 'operacao-agil'],
    ['Vite_JS', 'vite-js'],
    ['---', ''],
    ['a1 b2', 'a1-b2'],
  ])('%j becomes %j', (value, slug) => {
    expect(slugify(value)).toBe(slug);
  });
});

describe('localized text', () => {
  it('is a map of the English and other locales, each a string', () => {
    expect(isLocalizedText({ 'en-US': 'a', 'pt-BR': 'b' })).toBe(true);
    expect(isLocalizedText({ 'en-US': 'a' })).toBe(true);
    expect(isLocalizedText({ 'pt-BR': 'b' })).toBe(false);
    expect(isLocalizedText({ 'en-US': 'a', 'pt-BR': 2 })).toBe(false);
    expect(isLocalizedText({ 'en-US': 'a', 'pt-BR': 'b', fr: 'c' })).toBe(false);
    expect(isLocalizedText({ 'en-US': 'a', fr: 'b' })).toBe(false);
    expect(isLocalizedText(['en-US', 'pt-BR'])).toBe(false);
    expect(isLocalizedText(null)).toBe(false);
    expect(isLocalizedText('en-US')).toBe(false);
  });

  it('localizes deeply, keeping everything else and the key order', () => {
    const value = { title: { 'en-US': 'Hi', 'pt-BR': 'Oi' }, n: 1, none: null, list: [{ 'en-US': 'a', 'pt-BR': 'b' }, 'x'] };
    const localized = localize(value, 'pt-BR');
    expect(localized).toEqual({ title: 'Oi', n: 1, none: null, list: ['b', 'x'] });
    expect(Object.keys(localized)).toEqual(['title', 'n', 'none', 'list']);
    expect(localize(value, 'en-US').title).toBe('Hi');
  });

  it('falls back to the English where a translation is missing, and lists the fields that lack one', () => {
    const entry = {
      slug: 's',
      summary: { 'en-US': 'Hi' },
      list: [{ label: { 'en-US': 'a', 'pt-BR': 'b' } }],
      steps: [{ text: { 'en-US': 'c' } }],
    };
    expect(localize(entry, 'pt-BR')).toEqual({ slug: 's', summary: 'Hi', list: [{ label: 'b' }], steps: [{ text: 'c' }] });
    expect(missingTranslations(entry)).toEqual({ missing_translations: ['summary', 'steps'] });
    expect(missingTranslations({ summary: { 'en-US': 'Hi', 'pt-BR': 'Oi' } })).toEqual({});
    // The list is news to readers of the translation only.
    expect(localize({ ...entry, ...missingTranslations(entry) }, 'en-US')).not.toHaveProperty('missing_translations');
    expect(localize({ ...entry, ...missingTranslations(entry) }, 'pt-BR')).toHaveProperty('missing_translations', ['summary', 'steps']);
  });
});

describe('pageUrl', () => {
  const EXPECTED: Record<CollectionName, string> = {
    profile: '/about/',
    profiles: '/profiles/#s',
    links: '/links/#s',
    cases: '/portfolio/s/',
    categories: '/categories/s/',
    capabilities: '/capabilities/#s',
    stacks: '/stacks/s/',
    projects: '/projects/s/',
    operations: '/operations/s/',
    journeys: '/journeys/#s',
    trust: '/trust/#s',
  };

  it.each(COLLECTION_NAMES.map((name) => ({ name })))('places a $name entry', ({ name }) => {
    expect(pageUrl(name, 's')).toBe(EXPECTED[name]);
  });
});
