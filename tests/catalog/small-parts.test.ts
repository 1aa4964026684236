/**
 * The catalog's small parts at their edges, on literals typed here: how an issue is printed (long
 * values, long allowed lists, the count line), suggestions and slugs, memoization, the slugs a
 * collection answers to, the one filter behind every list, and where the content folder is.
 */
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentDir, displayPath } from '../../src/catalog/content-dir.ts';
import { ContentValidationError, formatIssue, formatIssues, type ContentIssue } from '../../src/catalog/content-error.ts';
import { memo } from '../../src/catalog/memo.ts';
import { SHORT_LIST } from '../../src/catalog/schema-paths.ts';
import { matchesTerms, SearchIndex, searchableText, selectIndexes } from '../../src/catalog/search.ts';
import { baseName, knownSlugs } from '../../src/catalog/slugs.ts';
import { closestCandidates, didYouMean, slugify } from '../../src/catalog/suggest.ts';
import { MAX_VALUE_LENGTH } from '../../src/routes/params.ts';

// `npm run mutate` replaces memo() with a builder that never caches (tests/support/no-memo.ts);
// this file tests memo() itself.
vi.unmock('../../src/catalog/memo.ts');

const ISSUE: ContentIssue = { file: 'content/stacks/x.yaml', field: 'kind', value: 'v', problem: 'wrong', fix: 'Fix it.' };

describe('formatIssue', () => {
  it('prints a value of 120 characters whole, and cuts a longer one to 117 and an ellipsis', () => {
    const fits = 'a'.repeat(118); // 120 with its quotes
    expect(formatIssue({ ...ISSUE, value: fits })).toBe(`content/stacks/x.yaml: field "kind" has value "${fits}": wrong. Fix it.`);
    const long = 'b'.repeat(119);
    expect(formatIssue({ ...ISSUE, value: long })).toBe(
      `content/stacks/x.yaml: field "kind" has value "${'b'.repeat(116)}...: wrong. Fix it.`,
    );
  });

  it(`lists up to ${SHORT_LIST} allowed values, and points at the full list past that`, () => {
    const values = (count: number) => Array.from({ length: count }, (_, index) => `v${index + 1}`);
    expect(formatIssue({ ...ISSUE, allowed: values(SHORT_LIST), seeAll: 'schemas/x.json' })).toBe(
      `content/stacks/x.yaml: field "kind" has value "v": wrong. Fix it. Allowed values: ${values(SHORT_LIST).join(', ')}.`,
    );
    expect(formatIssue({ ...ISSUE, allowed: values(SHORT_LIST + 1), seeAll: 'schemas/x.json' })).toBe(
      `content/stacks/x.yaml: field "kind" has value "v": wrong. Fix it. All ${SHORT_LIST + 1} allowed values: see schemas/x.json.`,
    );
    // With nowhere to point at, even a long list is printed.
    expect(formatIssue({ ...ISSUE, allowed: values(SHORT_LIST + 1) })).toBe(
      `content/stacks/x.yaml: field "kind" has value "v": wrong. Fix it. Allowed values: ${values(SHORT_LIST + 1).join(', ')}.`,
    );
    expect(formatIssue({ ...ISSUE, allowed: [] })).toBe('content/stacks/x.yaml: field "kind" has value "v": wrong. Fix it.');
  });

  it('counts the problems, one line each', () => {
    expect(formatIssues([ISSUE])).toBe(
      'Content validation failed with 1 problem:\n  - content/stacks/x.yaml: field "kind" has value "v": wrong. Fix it.',
    );
    expect(formatIssues([ISSUE, { ...ISSUE, field: 'name' }])).toBe(
      'Content validation failed with 2 problems:\n' +
        '  - content/stacks/x.yaml: field "kind" has value "v": wrong. Fix it.\n' +
        '  - content/stacks/x.yaml: field "name" has value "v": wrong. Fix it.',
    );
    const error = new ContentValidationError([ISSUE]);
    expect(error.name).toBe('ContentValidationError');
    expect(error.issues).toEqual([ISSUE]);
    expect(error.message).toBe(formatIssues([ISSUE]));
  });
});

describe('suggestions', () => {
  it('didYouMean ignores the spaces around the value', () => {
    expect(didYouMean('  nme  ', ['name', 'kind'])).toBe('name');
    expect(didYouMean(' \t', ['name'])).toBeUndefined();
    // A blank value is no misspelling, even of a one-letter candidate.
    expect(didYouMean('  ', ['a'])).toBeUndefined();
  });

  it('slugify drops every leading and trailing hyphen', () => {
    expect(slugify('--Docs Hub--')).toBe('docs-hub');
    expect(slugify('!!a!!')).toBe('a');
  });

  it('closestCandidates: nearest first, candidate order on a tie, ignoring case, at most five', () => {
    const candidates = ['stacks', 'STACK', 'snacks', 'tracks', 'slack', 'backs', 'zzzzzzz'];
    expect(closestCandidates('stack', candidates)).toEqual(['STACK', 'stacks', 'slack', 'snacks', 'tracks']);
    expect(closestCandidates('Stack', candidates, 2)).toEqual(['STACK', 'stacks']);
    expect(closestCandidates('x', ['b', 'a', 'c'])).toEqual(['b', 'a', 'c']);
  });

  it(`closestCandidates reads only the first ${MAX_VALUE_LENGTH} characters (the longest value a parameter takes)`, () => {
    const longest = 'a'.repeat(MAX_VALUE_LENGTH);
    // Past the bound the value is cut, so the candidate of exactly the bound is an exact match.
    expect(closestCandidates(`${longest}${'b'.repeat(50)}`, [`${longest}${'b'.repeat(50)}`, longest], 1)).toEqual([longest]);
  });

  it('didYouMean measures only the candidates within reach of the value, so a megabyte costs what reading it costs', () => {
    // Nine characters allow three edits: a candidate of twelve is measured (and suggested), one of thirteen never is.
    expect(didYouMean('abcdefghi', ['abcdefghijkl'])).toBe('abcdefghijkl');
    expect(didYouMean('abcdefghi', ['abcdefghijklm'])).toBeUndefined();
    const candidates = Array.from({ length: 50 }, (_, index) => `candidate-${index}`);
    const started = process.cpuUsage();
    expect(didYouMean('a'.repeat(1_000_000), candidates)).toBeUndefined();
    const { user, system } = process.cpuUsage(started);
    // Measuring each candidate would take 400-500 ms; lowercasing the value takes under 10.
    expect((user + system) / 1000).toBeLessThan(100);
  });
});

describe('memo', () => {
  it('builds once per owner and key', () => {
    const owner = {};
    const build = vi.fn(() => ({ built: true }));
    const value = memo(owner, 'k', build);
    expect(memo(owner, 'k', build)).toBe(value);
    expect(build).toHaveBeenCalledTimes(1);
    expect(memo(owner, 'other', () => 2)).toBe(2);
    expect(memo({}, 'k', () => 3)).toBe(3);
    expect(memo(owner, 'k', build)).toBe(value);
  });

  it('keeps a value that is undefined', () => {
    const owner = {};
    const build = vi.fn(() => undefined);
    memo(owner, 'k', build);
    memo(owner, 'k', build);
    expect(build).toHaveBeenCalledTimes(1);
  });
});

describe('slugs', () => {
  it('baseName drops the folders and only the last extension', () => {
    expect(baseName('content/stacks/redis.yaml')).toBe('redis');
    expect(baseName('content/stacks/redis.v2.yaml')).toBe('redis.v2');
    expect(baseName('redis')).toBe('redis');
  });

  it('knownSlugs: file names and written slugs that have the slug shape, sorted', () => {
    const entries = [
      { file: 'content/stacks/zeta.yaml', data: { slug: 'alpha' } },
      { file: 'content/stacks/Bad_Name.yaml', data: { slug: 'Bad Slug' } },
      { file: 'content/stacks/mid.yaml', data: { slug: 42 } },
      { file: 'content/stacks/beta.yaml', data: null },
      { file: 'content/stacks/gamma.yaml' },
    ];
    expect(knownSlugs(entries)).toEqual(['alpha', 'beta', 'gamma', 'mid', 'zeta']);
  });
});

describe('search', () => {
  it('searchableText reads lists nested in lists and maps in lists', () => {
    expect(searchableText([['Ab', { c: 'Dé' }], 1, true])).toBe('ab \u0000 de');
  });

  it('selectIndexes keeps, in order, the entries holding every term that `keep` accepts', () => {
    const texts = ['red apple', 'green apple', 'red pear', 'red apple pie'];
    expect(
      selectIndexes(
        4,
        ['red', 'apple'],
        () => SearchIndex.of(texts),
        () => true,
      ),
    ).toEqual([0, 3]);
    expect(
      selectIndexes(
        4,
        ['red'],
        () => SearchIndex.of(texts),
        (index) => index !== 2,
      ),
    ).toEqual([0, 3]);
    expect(
      selectIndexes(
        4,
        [],
        () => SearchIndex.of(texts),
        (index) => index % 2 === 1,
      ),
    ).toEqual([1, 3]);
  });

  it('a SearchIndex finds what a scan of every text finds, terms at the edges of texts included', () => {
    const words = ['ab', 'ba', 'abc', 'cab', 'a', 'b', 'bca', 'c'];
    // A fixed pseudo-random sequence: the same texts and queries on every run.
    let seed = 7;
    const next = (below: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % below;
    const texts = Array.from({ length: 300 }, () => Array.from({ length: next(4) }, () => words[next(words.length)]).join(' '));
    const index = SearchIndex.of(texts);
    for (let query = 0; query < 200; query++) {
      const terms = [...new Set(Array.from({ length: 1 + next(3) }, () => words[next(words.length)]!))];
      const keep = (at: number) => at % 5 !== 0;
      const scanned = texts.flatMap((text, at) => (matchesTerms(text, terms) && keep(at) ? [at] : []));
      expect(index.select(terms, keep), terms.join(' ')).toEqual(scanned);
    }
  });

  it('selectIndexes never builds the search texts without terms', () => {
    const texts = vi.fn((): SearchIndex => {
      throw new Error('texts read');
    });
    expect(selectIndexes(3, [], texts, () => true)).toEqual([0, 1, 2]);
    expect(texts).not.toHaveBeenCalled();
  });
});

describe('the content folder', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is CONTENT_DIR when set, else content/ in the working directory', () => {
    vi.stubEnv('CONTENT_DIR', '');
    expect(contentDir()).toBe(resolve('content'));
    vi.stubEnv('CONTENT_DIR', '/tmp/synthetic-catalog');
    expect(contentDir()).toBe('/tmp/synthetic-catalog');
  });

  it('is named from the root with forward slashes and a trailing slash', () => {
    expect(displayPath(join('/srv/site', 'content', 'projects'), '/srv/site')).toBe('content/projects/');
  });
});
