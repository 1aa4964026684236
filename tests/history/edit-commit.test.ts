/**
 * The issue's "done when", on a scratch repository holding a copy of content/: edit one YAML file,
 * commit, read again. The feeds' newest item is that change with the fields that changed; that
 * entry's dates are the commit's; the other entries keep theirs.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog } from '../../src/catalog/catalog.ts';
import { loadContent } from '../../src/catalog/load-content.ts';
import { atomFeed } from '../../src/discovery/feeds.ts';
import { answerApi } from '../../src/api/adapter.ts';
import { createWorkerCache } from '../../src/api/cache-kinds.ts';
import { parseTarget } from '../../src/api/request-target.ts';

const cache = createWorkerCache();

let root: string;
const git = (...args: string[]) =>
  execFileSync('git', ['-C', root, '-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args], {
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_DATE: '2026-12-01T12:00:00Z', GIT_COMMITTER_DATE: '2026-12-01T12:00:00Z' },
  }).trim();
let before: ReturnType<typeof loadContent>;
let after: ReturnType<typeof loadContent>;
let edit: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'edit-commit-'));
  cpSync('content', join(root, 'content'), { recursive: true });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'content');
  before = loadContent(join(root, 'content'), root);
  const file = join(root, 'content/stacks/astro.yaml');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^( {2}en-US: ).*$/m, '$1A new English summary.'));
  execFileSync('git', ['-C', root, '-c', 'user.name=t', '-c', 'user.email=t@example.org', 'commit', '-q', '-am', 'edit'], {
    env: { ...process.env, GIT_AUTHOR_DATE: '2026-12-02T12:00:00Z', GIT_COMMITTER_DATE: '2026-12-02T12:00:00Z' },
  });
  edit = git('rev-parse', 'HEAD');
  after = loadContent(join(root, 'content'), root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('edit one file and commit', () => {
  it('makes that change the feed’s newest item, with the field that changed', () => {
    const feed = parseFeed(atomFeed(createCatalog(after.collections), after.history.changes, 'https://studio.example'));
    const [newest] = feed.items;
    expect(newest!.title).toBe('Updated Astro (stacks)');
    expect(newest!.updated?.toISOString()).toBe('2026-12-02T12:00:00.000Z');
    expect(newest!.categories.map((category) => category.term)).toEqual(['action:updated', 'collection:stacks', 'field:summary']);
    expect(newest!.id).toContain(`${edit}/stacks/astro.yaml`);
  });

  it('dates that entry by the commit, and no other', () => {
    const astro = after.collections.stacks.find((entry) => entry.slug === 'astro')!;
    expect([astro.updated_at, astro.updated_commit, astro.created_at]).toEqual([
      '2026-12-02T12:00:00.000Z',
      edit,
      '2026-12-01T12:00:00.000Z',
    ]);
    const others = (read: typeof before) => read.collections.stacks.filter((entry) => entry.slug !== 'astro');
    expect(others(after)).toEqual(others(before));
  });

  it('marks the summary stale in the pt-BR payload only, naming the commit', () => {
    const catalog = createCatalog(after.collections);
    const payload = (url: string) =>
      (JSON.parse(answerApi('GET', parseTarget(url), {}, catalog, cache).body!) as { payload: Record<string, unknown> }).payload;
    expect(payload('/api/stacks/astro?lang=pt-BR')['stale_translations']).toEqual([
      { field: 'summary', source_commit: edit, source_at: '2026-12-02T12:00:00.000Z', translated_commit: git('rev-parse', 'HEAD~1') },
    ]);
    expect(payload('/api/stacks/astro')).not.toHaveProperty('stale_translations');
    const items = payload('/api/stacks?lang=pt-BR')['items'] as Record<string, unknown>[];
    expect(items.find((item) => item['slug'] === 'astro')).toHaveProperty('stale_translations');
    expect(items.find((item) => item['slug'] === 'zod')).not.toHaveProperty('stale_translations');
  });
});
