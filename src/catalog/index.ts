/** The catalog inside Astro: read once per process through the content collections. */
import { join } from 'node:path';
import { getCollection } from 'astro:content';
import { COLLECTION_NAMES } from '../schemas/collections.ts';
import { createCatalog, type Catalog } from './catalog.ts';
import { contentDir, displayPath } from './content-dir.ts';
import { validateCollections, type RawCollections } from './validate.ts';

let catalog: Promise<Catalog> | undefined;

/** Reads every collection and runs the same validation as the scripts do. */
async function loadFromCollections(): Promise<Catalog> {
  const raw = {} as RawCollections;
  const folder = contentDir();
  for (const name of COLLECTION_NAMES) {
    const entries = await getCollection(name);
    raw[name] = entries
      .map((entry) => ({ file: entry.filePath ?? `${displayPath(join(folder, name))}${entry.id}`, data: entry.data }))
      .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  }
  return createCatalog(validateCollections(raw));
}

/** The process-wide catalog. */
export function getCatalog(): Promise<Catalog> {
  catalog ??= loadFromCollections();
  return catalog;
}
