/**
 * Astro integration: after the build, indexes the prerendered pages of dist/client with Pagefind
 * into dist/client/pagefind/, for the search page. Only the <main> of indexable pages is read (the
 * layout marks it data-pagefind-body; utility pages such as the 404 and the search page are left
 * out), one index per language (Pagefind reads each page's <html lang>), with each page's section as a filter; entries shown at an anchor of an index page are
 * records of their own. Only the files the search page loads are written:
 * the search library, its WebAssembly, the entry file and the index; not Pagefind's default UIs.
 * Listed before precompress, which compresses pagefind.js and pagefind-entry.json with the rest.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { close, createIndex } from 'pagefind';
import { loadCatalogFromFiles } from '../catalog/from-files.ts';
import { anchoredEntries, SEARCH_INDEX_FOLDER, sectionLabel } from '../site/pages.ts';
import { inStableOrder } from './search-index-order.ts';
import type { Locale } from '../schemas/common.ts';

/** Files of Pagefind's own user interfaces, which the search page does not use. */
const UNUSED = /^pagefind-(?:ui|modular-ui|component-ui|highlight)\b/;

/** The files whose bytes or names follow Pagefind's unstable filter order (see search-index-order.ts). */
const NAMED_BY_ORDER = /^(?:filter\/.*\.pf_filter|pagefind\..*\.pf_meta|pagefind-entry\.json)$/;

/** Pagefind's key for a locale's index, as it reads it from a page's <html lang> (its stemmer by the language part). */
const indexLanguage = (locale: Locale) => locale.toLowerCase();

/**
 * Indexes the HTML under `clientDir`, and each entry without a page of its own as a record that
 * leads to its anchor; returns how many HTML files were read, entries added and files written.
 */
export async function writeSearchIndex(clientDir: string): Promise<{ pages: number; entries: number; files: number }> {
  const { errors, index } = await createIndex();
  try {
    if (!index) throw new Error(`search-index: Pagefind refused the index: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: clientDir });
    if (added.errors.length > 0) throw new Error(`search-index: ${added.errors.join('; ')}`);
    const entries = anchoredEntries(loadCatalogFromFiles());
    // One message each to Pagefind's process; sent together, answered as they come.
    const records = await Promise.all(
      entries.map((entry) => {
        const section = sectionLabel(entry.section, entry.locale);
        return index.addCustomRecord({
          url: entry.url,
          // The name leads, as a page's title does; the record is short, so the name weighs.
          content: `${entry.name}. ${entry.summary}`,
          language: indexLanguage(entry.locale),
          meta: { title: entry.name, section },
          filters: { section: [section] },
        });
      }),
    );
    const recordErrors = records.flatMap((record) => record.errors);
    if (recordErrors.length > 0) throw new Error(`search-index: ${recordErrors.join('; ')}`);
    // Pagefind writes the files itself (thousands of fragments at scale); the few it names by a
    // hash of an unstable order are then rewritten in a stable one.
    const outDir = join(clientDir, SEARCH_INDEX_FOLDER);
    rmSync(outDir, { recursive: true, force: true });
    const written = await index.writeFiles({ outputPath: outDir });
    if (written.errors.length > 0) throw new Error(`search-index: ${written.errors.join('; ')}`);
    const files = readdirSync(outDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(outDir, join(entry.parentPath, entry.name)).split(sep).join('/'));
    for (const file of files.filter((path) => UNUSED.test(path))) rmSync(join(outDir, file));
    const named = files.filter((path) => NAMED_BY_ORDER.test(path));
    const stable = inStableOrder(named.map((path) => ({ path, content: readFileSync(join(outDir, path)) })));
    for (const path of named) rmSync(join(outDir, path));
    for (const file of stable) writeFileSync(join(outDir, file.path), file.content);
    const kept = files.length - files.filter((path) => UNUSED.test(path)).length;
    return { pages: added.page_count, entries: entries.length, files: kept };
  } finally {
    await close();
  }
}

export default function searchIndex(): AstroIntegration {
  return {
    name: 'search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const { pages, entries, files } = await writeSearchIndex(fileURLToPath(dir));
        const ms = Math.round(performance.now() - started);
        logger.info(
          `search index of ${pages} HTML files (utility pages skipped) and ${entries} anchored entries: ${files} files in ${ms} ms`,
        );
      },
    },
  };
}
