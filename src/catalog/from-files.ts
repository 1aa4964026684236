/** The catalog for plain scripts and tests: content/ read from disk, validated, indexed. */
import { resolve } from 'node:path';
import { contentDir as defaultContentDir } from './content-dir.ts';
import { createCatalog, type Catalog } from './catalog.ts';
import { readContent } from './load-files.ts';
import { validateCollections } from './validate.ts';

/** Loads and validates `contentDir` (default: CONTENT_DIR, else `content/` in the working directory). */
export function loadCatalogFromFiles(contentDir?: string, root = process.cwd()): Catalog {
  const { raw, issues } = readContent(contentDir ? resolve(contentDir) : defaultContentDir(), root);
  return createCatalog(validateCollections(raw, issues));
}
