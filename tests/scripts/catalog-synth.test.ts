/**
 * catalog:synth writes a K× catalog that validates like the real one, with each copy's relations
 * closed over that copy, and CONTENT_DIR points the scripts at it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/catalog/catalog.ts';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { RELATIONS } from '../../src/catalog/relations.ts';
import { COLLECTION_NAMES, SINGLE_ENTRY_COLLECTIONS } from '../../src/schemas/collections.ts';
import { copySlug } from '../../scripts/lib/synth.ts';

const SCALE = 3;
let workDir: string;
let outDir: string;
let source: Catalog;
let synthetic: Catalog;

/** Runs the real CLI. */
function synth(...args: string[]) {
  return spawnSync(process.execPath, ['scripts/catalog-synth.ts', ...args], { encoding: 'utf8' });
}

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'synth-'));
  outDir = join(workDir, 'catalog');
  const run = synth('--scale', String(SCALE), '--out', outDir);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  source = loadCatalogFromFiles('content');
  synthetic = loadCatalogFromFiles(outDir);
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('catalog:synth', () => {
  it('copies every entry K times, the single-entry collections once', () => {
    for (const name of COLLECTION_NAMES) {
      expect(synthetic.counts[name], name).toBe(SINGLE_ENTRY_COLLECTIONS[name] ? 1 : SCALE * source.counts[name]);
    }
  });

  it('gives every copy its own display name', () => {
    const names = synthetic.collections.projects.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('points every relation of a copy at the same copy', () => {
    for (const relation of RELATIONS) {
      for (const entry of source.collections[relation.from] as unknown as Record<string, unknown>[]) {
        const copy = synthetic.get(relation.from, copySlug(relation.from, String(entry['slug']), SCALE)) as unknown as Record<
          string,
          unknown
        >;
        const original = [entry[relation.field] ?? []].flat().map(String);
        expect([copy[relation.field] ?? []].flat(), `${relation.from}.${relation.field}`).toEqual(
          original.map((slug) => copySlug(relation.to, slug, SCALE)),
        );
      }
    }
  });

  it('keeps the reverse relations of a detail view the same size in every copy', () => {
    for (const { slug } of source.collections.projects) {
      const original = source.projectDetail(slug)!;
      const copy = synthetic.projectDetail(copySlug('projects', slug, SCALE))!;
      expect(copy.referenced_by.length, slug).toBe(original.referenced_by.length);
      expect(copy.cases.length, slug).toBe(original.cases.length);
    }
  });

  it('refuses to write into a folder it did not write', () => {
    const foreign = join(workDir, 'foreign');
    execFileSync('mkdir', ['-p', foreign]);
    writeFileSync(join(foreign, 'keep.txt'), 'mine');
    const run = synth('--scale', '2', '--out', foreign);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('was not written by catalog:synth');
  });

  it('is what site:export reads when CONTENT_DIR names it', () => {
    const run = spawnSync(process.execPath, ['scripts/site-export.ts', '--out', join(workDir, 'export')], {
      encoding: 'utf8',
      env: { ...process.env, CONTENT_DIR: outDir },
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`projects ${SCALE * source.counts.projects},`);
  });
});
