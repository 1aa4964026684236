/**
 * The test build serving a K× synthetic catalog through its API: the same code, pages and files
 * (links to dist/), with the catalog snapshot and payload store of `scripts/lib/synth.ts`'s catalog
 * beside the API bundle. Memory and cost at a scale where what a worker holds per entry shows,
 * without building K× the pages.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createCatalog } from '../../src/catalog/catalog.ts';
import { readContentFolder } from '../../src/catalog/load-files.ts';
import { validateCollections } from '../../src/catalog/validate.ts';
import { writePayloadStore } from '../../src/api/payload-store.ts';
import { CATALOG_SNAPSHOT } from '../../src/integrations/server-bundle.ts';
import { synthesize } from '../../scripts/lib/synth.ts';

/** Makes the scaled build under .tmp/; returns its folder (for DIST_DIR) and a function that removes it. */
export function scaledBuild(scale: number, dist = process.env['DIST_DIR'] ?? 'dist'): { dir: string; remove: () => void } {
  mkdirSync('.tmp', { recursive: true });
  const dir = resolve(mkdtempSync(join('.tmp', `dist-${scale}x-`)));
  const source = resolve(dist);
  for (const name of readdirSync(source)) {
    if (name === 'server') continue;
    if (name === 'build.json') copyFileSync(join(source, name), join(dir, name));
    else symlinkSync(join(source, name), join(dir, name));
  }
  mkdirSync(join(dir, 'server', 'api'), { recursive: true });
  for (const name of readdirSync(join(source, 'server')))
    if (name !== 'api') symlinkSync(join(source, 'server', name), join(dir, 'server', name));
  const api = join(dir, 'server', 'api');
  symlinkSync(join(source, 'server', 'api', 'handler.mjs'), join(api, 'handler.mjs'));
  const collections = validateCollections(synthesize(readContentFolder('content'), scale));
  writeFileSync(join(api, CATALOG_SNAPSHOT), JSON.stringify(collections));
  // The worker checks the store against the catalog it reads back from the snapshot, as it does a build's.
  writePayloadStore(createCatalog(JSON.parse(JSON.stringify(collections)) as typeof collections), api);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
