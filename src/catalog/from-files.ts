/** The catalog for plain scripts and tests: the content folder read from disk, validated, indexed. */
import { resolve } from 'node:path';
import { createCatalog, type Catalog } from './catalog.ts';
import { contentDir as defaultContentDir, displayPath } from './content-dir.ts';
import { readContentFolder } from './load-files.ts';
import { validateCollections } from './validate.ts';

/** Loads and validates `contentDir` (default: `CONTENT_DIR`, else `content/` in the working directory). */
export function loadCatalogFromFiles(contentDir?: string, root = process.cwd()): Catalog {
  const folder = contentDir ? resolve(contentDir) : defaultContentDir();
  return createCatalog(validateCollections(readContentFolder(folder, root), displayPath(folder, root)));
}
