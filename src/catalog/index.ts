/** The catalog inside Astro: read once per process through the content collections. */
import { getCollection } from 'astro:content';
import { COLLECTION_NAMES } from '../schemas/collections.ts';
import { createCatalog, type Catalog } from './catalog.ts';
import { validateCollections, type RawCollections } from './validate.ts';

let catalog: Promise<Catalog> | undefined;

/** Reads every collection and runs the same validation as the scripts do. */
async function loadFromCollections(): Promise<Catalog> {
  const raw = {} as RawCollections;
  for (const name of COLLECTION_NAMES) {
    const entries = await getCollection(name);
    raw[name] = entries
      .map((entry) => ({ file: entry.filePath ?? `content/${name}/${entry.id}`, data: entry.data }))
      .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  }
  return createCatalog(validateCollections(raw));
}

/** The process-wide catalog. */
export function getCatalog(): Promise<Catalog> {
  catalog ??= loadFromCollections();
  return catalog;
}
