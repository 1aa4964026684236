/**
 * Gate 1, `site:export`: validates content/ and writes the public artifacts into generated/,
 * deterministically (no clock, no absolute paths, stable order). Exits 1 with an editor-facing
 * message when the content is wrong.
 */
import { ContentValidationError } from '../src/catalog/content-error.ts';
import { loadCatalogFromFiles } from '../src/catalog/from-files.ts';
import { writeArtifacts } from './lib/artifacts.ts';

// `--content <dir>` and `--out <dir>` let tests export a temporary copy of the content.
const option = (name: string) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
};

try {
  const catalog = loadCatalogFromFiles(option('--content'));
  const outDir = option('--out');
  const written = outDir ? writeArtifacts(catalog, outDir) : writeArtifacts(catalog);
  const entries = Object.entries(catalog.counts)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  console.log(`site:export: content is valid (${entries}).`);
  console.log(`site:export: wrote ${written.length} files to ${outDir ?? 'generated'}/: ${written.join(', ')}`);
} catch (error) {
  if (error instanceof ContentValidationError) {
    console.error(`site:export: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
