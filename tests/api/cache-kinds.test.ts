/**
 * The cache registry is the one list of what a worker caches: the docs name exactly its kinds, and
 * the code uses no kind it does not list (a cache refuses one: tests/api/caches.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_KINDS } from '../../src/api/cache-kinds.ts';

const names = Object.values(CACHE_KINDS).map((kind) => kind.name);

/** The section of byte-budget.md between its markers: one line per kind. */
function kindLines(): string {
  return Object.values(CACHE_KINDS)
    .map(
      (kind) =>
        `- \`${kind.name}\`: ${kind.holds}. Key: ${kind.keyedBy}${kind.catalogScoped ? ', within its catalog' : ''}. Bound: ${kind.bound}.`,
    )
    .join('\n');
}

/** Source files of the server and the bundle, where a kind can be used. */
function sources(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|mjs)$/.test(file))
    .map((file) => join(folder, file));
}

describe('the cache registry', () => {
  it("is what docs/deploy.md's cache metrics name", () => {
    const row = readFileSync('docs/deploy.md', 'utf8')
      .split('\n')
      .find((line) => line.includes('`cache_hits_total`'));
    const listed = /\(((?:`[^`]+`(?:, )?)+)\)/.exec(row ?? '')?.[1] ?? '';
    expect(listed.split(', ').map((name) => name.replaceAll('`', ''))).toEqual(names);
  });

  it("is what docs/decisions/byte-budget.md's kinds section says, word for word", () => {
    const text = readFileSync('docs/decisions/byte-budget.md', 'utf8');
    const section = /<!-- cache-kinds -->\n([\s\S]*?)\n?<!-- \/cache-kinds -->/.exec(text)?.[1] ?? '';
    // Prettier wraps the lines: compared with every run of white space as one space.
    const words = (lines: string) => lines.trim().replace(/\s+/g, ' ');
    expect(words(section)).toBe(words(kindLines()));
  });

  it('is the only source of kinds the code uses', () => {
    const used = new Set<string>();
    for (const file of [...sources('server'), ...sources('src')]) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:\.kinds|CACHE_KINDS)\.(\w+)|kinds;|\{ ([\w, ]+) \} = cache\.kinds/g)) {
        for (const name of (match[1] ?? match[2] ?? '').split(', ').filter(Boolean)) used.add(name);
      }
    }
    expect(used.size).toBeGreaterThan(0);
    for (const name of used) expect(Object.keys(CACHE_KINDS)).toContain(name);
  });
});
