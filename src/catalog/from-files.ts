/** The catalog for plain scripts and tests: content/ read from disk, validated, indexed. */
import { resolve } from 'node:path';
import { createCatalog, type Catalog } from './catalog.ts';
import { readContent } from './load-files.ts';
import { validateCollections } from './validate.ts';

/** Loads and validates `contentDir` (default `content/` in the working directory). */
export function loadCatalogFromFiles(contentDir?: string, root = process.cwd()): Catalog {
  const { raw, issues } = readContent(resolve(contentDir ?? 'content'), root);
  return createCatalog(validateCollections(raw, issues));
}
