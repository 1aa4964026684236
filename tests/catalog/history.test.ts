/**
 * The content's history, on small git repositories written here with fixed commit times: dates
 * per file from one pass, entry-level changes with the fields that changed, stale translations per
 * field, and the fallback rule without history (no git, a file not committed, a shallow clone).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readHistory } from '../../src/catalog/history.ts';
import { NO_HISTORY_DATE } from '../../src/schemas/history.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'history-'));
  git('init', '-q');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function git(...args: string[]): string {
  return execFileSync('git', ['-C', root, '-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args], { encoding: 'utf8' }).trim();
}
function write(path: string, text: string): void {
  const full = join(root, 'content', path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
}
/** Commits everything at `time` (UTC), returns the hash. */
function commit(time: string): string {
  git('add', '-A');
  execFileSync('git', ['-C', root, '-c', 'user.name=t', '-c', 'user.email=t@example.org', 'commit', '-q', '-m', time], {
    env: { ...process.env, GIT_AUTHOR_DATE: time, GIT_COMMITTER_DATE: time },
  });
  return git('rev-parse', 'HEAD');
}
const entry = (summaryEn: string, summaryPt: string, name = 'Astro') =>
  `slug: astro\nname: ${name}\nsummary:\n  en-US: ${summaryEn}\n  pt-BR: ${summaryPt}\n`;
const content = () => join(root, 'content');
/** The dates of an entry git cannot date (docs/history.md#without-history). */
const FIXED_DATES = { created_at: NO_HISTORY_DATE, created_commit: '', updated_at: NO_HISTORY_DATE, updated_commit: '' };

describe('readHistory', () => {
  it('dates each file from the commits that changed its data, and lists the changes newest first', () => {
    write('stacks/astro.yaml', entry('One', 'Um'));
    write('stacks/zod.yaml', 'slug: zod\n');
    const first = commit('2026-03-01T10:00:00Z');
    write('stacks/astro.yaml', entry('Two', 'Um'));
    const second = commit('2026-03-02T10:00:00+02:00');
    write('stacks/zod.yaml', 'slug:   zod\n'); // reformatting only: no change, no date
    commit('2026-03-03T10:00:00Z');

    const history = readHistory(content());
    expect(history.datesOf(join(content(), 'stacks/astro.yaml'))).toEqual({
      created_at: '2026-03-01T10:00:00.000Z',
      created_commit: first,
      updated_at: '2026-03-02T08:00:00.000Z',
      updated_commit: second,
    });
    expect(history.datesOf(join(content(), 'stacks/zod.yaml')).updated_commit).toBe(first);
    expect(history.changes.map(({ slug, action, fields, commit: hash }) => [slug, action, fields, hash])).toEqual([
      ['astro', 'updated', ['summary'], second],
      ['zod', 'added', ['slug'], first],
      ['astro', 'added', ['slug', 'name', 'summary'], first],
    ]);
    expect(history.note).toBeUndefined();
  });

  it('marks a field stale when its en-US text changed after its pt-BR text, naming the commit', () => {
    write('stacks/astro.yaml', entry('One', 'Um'));
    const first = commit('2026-03-01T10:00:00Z');
    write('stacks/astro.yaml', entry('Two', 'Um'));
    const second = commit('2026-03-02T10:00:00Z');
    const stale = readHistory(content()).staleOf(join(content(), 'stacks/astro.yaml'));
    expect(stale).toEqual([{ field: 'summary', source_commit: second, source_at: '2026-03-02T10:00:00.000Z', translated_commit: first }]);

    write('stacks/astro.yaml', entry('Two', 'Dois'));
    commit('2026-03-03T10:00:00Z');
    expect(readHistory(content()).staleOf(join(content(), 'stacks/astro.yaml'))).toEqual([]);
  });

  it('records a removal, and dates a re-added file from its new commit', () => {
    write('stacks/astro.yaml', entry('One', 'Um'));
    commit('2026-03-01T10:00:00Z');
    rmSync(join(content(), 'stacks/astro.yaml'));
    const removed = commit('2026-03-02T10:00:00Z');
    write('stacks/astro.yaml', entry('One', 'Um'));
    const added = commit('2026-03-03T10:00:00Z');
    const history = readHistory(content());
    expect(history.changes.map(({ action, commit: hash }) => [action, hash]).slice(0, 2)).toEqual([
      ['added', added],
      ['removed', removed],
    ]);
    expect(history.datesOf(join(content(), 'stacks/astro.yaml')).created_commit).toBe(added);
  });

  it("dates a file not yet committed by the content folder's newest commit, not by a later commit elsewhere, and says so once", () => {
    write('stacks/astro.yaml', entry('One', 'Um'));
    const contentCommit = commit('2026-03-01T10:00:00Z');
    writeFileSync(join(root, 'README.md'), 'code, not content\n');
    commit('2026-03-05T10:00:00Z');
    write('stacks/new.yaml', 'slug: new\n');
    const history = readHistory(content());
    expect(history.datesOf(join(content(), 'stacks/new.yaml'))).toEqual({
      created_at: '2026-03-01T10:00:00.000Z',
      created_commit: contentCommit,
      updated_at: '2026-03-01T10:00:00.000Z',
      updated_commit: contentCommit,
    });
    expect(history.note).toBe(
      `history: 1 entries have no commit yet: dated by the content's newest commit (${contentCommit.slice(0, 7)}) (docs/history.md#without-history)`,
    );
  });

  it('dates every entry of a folder no commit touched (git-ignored, such as .tmp/) with the fixed date', () => {
    writeFileSync(join(root, 'README.md'), 'code\n');
    commit('2026-03-05T10:00:00Z');
    write('stacks/astro.yaml', entry('One', 'Um'));
    const history = readHistory(content());
    expect(history.datesOf(join(content(), 'stacks/astro.yaml'))).toEqual(FIXED_DATES);
    expect(history.note).toBe(
      `history: 1 entries have no commit yet, nor has their folder: dated ${NO_HISTORY_DATE} (docs/history.md#without-history)`,
    );
  });

  it('without git, dates every entry with the fixed date', () => {
    rmSync(join(root, '.git'), { recursive: true });
    write('stacks/astro.yaml', entry('One', 'Um'));
    const history = readHistory(content());
    expect(history.datesOf(join(content(), 'stacks/astro.yaml'))).toEqual(FIXED_DATES);
    expect(history.note).toMatch(/^history: no git history for .*: every entry is dated 2026-01-01T00:00:00.000Z/);
  });

  it('in a shallow clone, dates from the commits it has and says it is shallow', () => {
    write('stacks/astro.yaml', entry('One', 'Um'));
    commit('2026-03-01T10:00:00Z');
    write('stacks/astro.yaml', entry('Two', 'Um'));
    const last = commit('2026-03-02T10:00:00Z');
    const clone = join(root, 'clone');
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${root}`, clone]);
    const history = readHistory(join(clone, 'content'));
    expect(history.datesOf(join(clone, 'content/stacks/astro.yaml')).created_commit).toBe(last);
    expect(history.note).toMatch(/shallow clone/);
  });
});
