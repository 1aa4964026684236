/**
 * `npm run catalog:synth -- --scale 100 --out <dir> [--from <dir>]`: writes a valid K× catalog
 * (see scripts/lib/synth.ts), validates it like site:export does, and prints its counts.
 * Build or serve it with `CONTENT_DIR=<dir>`.
 */
import { parseArgs } from 'node:util';
import { contentDir, displayPath } from '../src/catalog/content-dir.ts';
import { loadCatalogFromFiles } from '../src/catalog/from-files.ts';
import { readContentFolder } from '../src/catalog/load-files.ts';
import { loadCatalogOrExit } from './lib/content-exit.ts';
import { synthesize, writeCollections } from './lib/synth.ts';

const { values } = parseArgs({
  options: { scale: { type: 'string' }, out: { type: 'string' }, from: { type: 'string' } },
  strict: true,
});
if (!values.scale || !values.out) {
  console.error('usage: npm run catalog:synth -- --scale <1-1000> --out <dir> [--from <content dir>]');
  process.exit(2);
}
const scale = Number(values.scale);
const source = values.from ?? contentDir();
// A mistake in the source is an editor's: named as site:export names it, before any copy is written.
loadCatalogOrExit('catalog:synth', source);
const written = writeCollections(
  synthesize(readContentFolder(source), scale),
  values.out,
  `${scale}× the catalog in ${displayPath(source)}`,
);
// The same validation site:export and the build run: a synthetic catalog that fails here is a bug.
const catalog = loadCatalogFromFiles(values.out);
const counts = Object.entries(catalog.counts)
  .map(([name, count]) => `${name} ${count}`)
  .join(', ');
console.log(`catalog:synth: wrote ${written} valid entries (${scale}×) to ${values.out}: ${counts}`);
