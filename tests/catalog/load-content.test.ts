/**
 * The one content read: parsed and validated once per run and content state, read again after an
 * edit, reporting the editors' messages; and the server's snapshot, made from its output, gives the
 * same catalog and refuses a tampered copy.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCatalog } from '../../src/catalog/catalog.ts';
import { ContentValidationError } from '../../src/catalog/content-error.ts';
import { loadCollections, loadContent } from '../../src/catalog/load-content.ts';
import type { CatalogSnapshot } from '../../src/catalog/snapshot.ts';
import { openPayloadStore, writePayloadStore } from '../../src/api/payload-store.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'load-content-'));
  cpSync('content', join(root, 'content'), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const folder = () => join(root, 'content');

describe('loadContent', () => {
  it('reads a folder once while it is unchanged', () => {
    const first = loadContent(folder(), root);
    expect(first.issues).toEqual([]);
    expect(loadContent(folder(), root)).toBe(first);
    expect(loadCollections(folder(), root)).toBe(first.collections);
  });

  it('reads it again after an edit, and reports the mistake the editors way', () => {
    const before = loadContent(folder(), root);
    const file = join(folder(), 'stacks/redis.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^kind: .*$/m, 'kind: databse'));
    const after = loadContent(folder(), root);
    expect(after).not.toBe(before);
    expect(after.issues.map((issue) => [issue.file, issue.field, issue.fix])).toEqual([
      ['content/stacks/redis.yaml', 'kind', 'Did you mean "database"?'],
    ]);
    expect(() => loadCollections(folder(), root)).toThrow(ContentValidationError);
    expect(() => loadCollections(folder(), root)).toThrow(/content\/stacks\/redis\.yaml: field "kind" has value "databse"/);
  });

  it('keeps the parsed files of an invalid folder, for the editor schemas', () => {
    writeFileSync(join(folder(), 'stacks/redis.yaml'), 'slug: redis\n');
    const { raw, issues } = loadContent(folder(), root);
    expect(issues.length).toBeGreaterThan(0);
    expect(raw.stacks.find((entry) => entry.file === 'content/stacks/redis.yaml')?.data).toEqual({ slug: 'redis' });
  });
});

describe('the catalog snapshot', () => {
  const collections = () => loadCollections(folder(), root);
  /** The snapshot as the server reads it: written as JSON by the build. */
  const written = (): CatalogSnapshot => JSON.parse(JSON.stringify(collections())) as CatalogSnapshot;

  it('gives the same catalog as the content read it was made from', () => {
    const served = createCatalog(written());
    const built = createCatalog(collections());
    expect(served.version).toBe(built.version);
    expect(served.collections).toEqual(built.collections);
  });

  it('opens only the payload store built from it: a changed snapshot is another catalog', () => {
    const dir = mkdtempSync(join(tmpdir(), 'payload-store-'));
    try {
      writePayloadStore(createCatalog(collections()), dir);
      expect(() => openPayloadStore(dir, createCatalog(written()))).not.toThrow();
      const tampered = written();
      tampered.projects[0]!.stacks = ['no-such-stack'];
      expect(() => openPayloadStore(dir, createCatalog(tampered))).toThrow(/was built from catalog \w+, not \w+: build again/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('loadContent keys', () => {
  it('keeps reads of one folder from two roots apart: file paths are named from the root', () => {
    const fromRoot = loadContent(folder(), root);
    const fromContent = loadContent(folder(), folder());
    expect(fromRoot.raw.stacks[0]?.file).toMatch(/^content\/stacks\/[^/]+\.yaml$/);
    expect(fromContent.raw.stacks[0]?.file).toMatch(/^stacks\/[^/]+\.yaml$/);
  });
});
