/** The catalog outside Astro (scripts, tests, the sitemap paths): the one content read, indexed. */
import { createCatalog, type Catalog } from './catalog.ts';
import { loadCollections } from './load-content.ts';

/** Loads and validates `contentDir` (default: CONTENT_DIR, else `content/` in the working directory). */
export function loadCatalogFromFiles(contentDir?: string, root = process.cwd()): Catalog {
  return createCatalog(loadCollections(contentDir, root));
}
