/**
 * The catalog inside Astro: the content collections (filled by content-loader.ts from the one
 * content read, already validated) indexed once per process.
 */
import { getCollection } from 'astro:content';
import { COLLECTION_NAMES, type Collections } from '../schemas/collections.ts';
import { createCatalog, type Catalog } from './catalog.ts';

let catalog: Promise<Catalog> | undefined;

/** Reads every collection from Astro's store, in the order the loader stored it (catalog order). */
async function loadFromCollections(): Promise<Catalog> {
  const collections = {} as Record<string, unknown[]>;
  for (const name of COLLECTION_NAMES) collections[name] = (await getCollection(name)).map((entry) => entry.data);
  return createCatalog(collections as Collections);
}

/** The process-wide catalog. */
export function getCatalog(): Promise<Catalog> {
  catalog ??= loadFromCollections();
  return catalog;
}
