/**
 * Gate 1, `site:export`: validates content/ and writes the public artifacts into generated/,
 * deterministically (no clock, no absolute paths, stable order). Exits 1 with an editor-facing
 * message when the content is wrong. Also keeps the editor schemas (schemas/, .vscode/settings.json)
 * current, even when the content is wrong; in CI (CI set) it leaves them as committed, so the
 * editor-schema test fails when someone forgot to commit them.
 */
import { resolve } from 'node:path';
import { createCatalog } from '../src/catalog/catalog.ts';
import { ContentValidationError } from '../src/catalog/content-error.ts';
import { buildEditorFiles } from '../src/catalog/editor-schemas.ts';
import { loadContent } from '../src/catalog/load-content.ts';
import { missingTranslations } from '../src/catalog/localize.ts';
import { contentDir, DEFAULT_CONTENT_DIR } from '../src/catalog/content-dir.ts';
import { writeArtifacts } from './lib/artifacts.ts';
import { exitOnContentError } from './lib/content-exit.ts';
import { writeEditorFiles } from './lib/editor-files.ts';

// `--content <dir>` and `--out <dir>` let tests export a temporary copy of the content.
const option = (name: string) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
};

try {
  const contentOption = option('--content');
  const folder = contentOption ? resolve(contentOption) : contentDir();
  const { raw, issues, collections, history } = loadContent(folder);
  // The editor schemas describe the editors' own content/, never a test copy or a synthetic catalog.
  if (!process.env['CI'] && folder === resolve(DEFAULT_CONTENT_DIR)) {
    for (const path of writeEditorFiles(buildEditorFiles(raw))) console.log(`site:export: updated ${path} (commit it with the content).`);
  }
  if (issues.length > 0) throw new ContentValidationError(issues);
  // Stale translations warn, never fail: the pt-BR payload says which fields, and since which commit.
  // So do missing ones: the Portuguese pages show the English text, marked and with a note.
  for (const { file, data } of Object.values(raw).flat()) {
    for (const { field, source_commit: commit } of history.staleOf(resolve(file))) {
      console.warn(
        `site:export: warning: ${file}: field "${field}": the pt-BR text predates the en-US change in ${commit.slice(0, 7)}; update the Portuguese text.`,
      );
    }
    for (const field of missingTranslations(data as Record<string, unknown>).missing_translations ?? []) {
      console.warn(`site:export: warning: ${file}: field "${field}": no pt-BR text yet, so the Portuguese site shows the English; add it.`);
    }
  }
  const catalog = createCatalog(collections);
  const outDir = option('--out');
  const written = outDir ? writeArtifacts(catalog, outDir) : writeArtifacts(catalog);
  const entries = Object.entries(catalog.counts)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  console.log(`site:export: content is valid (${entries}).`);
  console.log(`site:export: wrote ${written.length} files to ${outDir ?? 'generated'}/: ${written.join(', ')}`);
} catch (error) {
  exitOnContentError('site:export', error);
}
