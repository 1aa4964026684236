/** Writes the generated artifacts of `site:export`. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Catalog } from '../../src/catalog/catalog.ts';

/** The folder site:export owns; it is recreated on every run. */
export const GENERATED_DIR = 'generated';

/** The artifacts as relative path → exact text. */
export function buildArtifacts(catalog: Catalog): Map<string, string> {
  return new Map([['catalog.json', `${JSON.stringify(catalog.collections, null, 2)}\n`]]);
}

/** Writes every artifact under `outDir` and returns their relative paths. */
export function writeArtifacts(catalog: Catalog, outDir = GENERATED_DIR): string[] {
  rmSync(outDir, { recursive: true, force: true });
  const artifacts = buildArtifacts(catalog);
  for (const [path, text] of artifacts) {
    const target = join(outDir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  return [...artifacts.keys()];
}
