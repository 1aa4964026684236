/**
 * The Astro content layer's loader for every collection. Astro 7 calls an object loader's `load()`
 * once per collection when it syncs content (at the start of `astro build`, `astro check` and
 * `astro dev`), handing it a data store that persists between runs; pages then read the store with
 * getCollection(). This loader fills the store from the one content read (load-content.ts): the
 * files are parsed and validated once for all eleven collections, a mistake fails the sync with
 * the editors' report instead of Astro's own, and each entry is stored under its slug as validated.
 * content.config.ts declares each collection's Zod schema beside this loader, so Astro types
 * getCollection() from the schemas; the store holds the schemas' output, so Astro has nothing
 * left to check (the loader stores entries itself rather than through parseData()).
 */
import type { Loader, LoaderContext } from 'astro/loaders';
import type { CollectionName } from '../schemas/collections.ts';
import { contentDir } from './content-dir.ts';
import { ContentValidationError } from './content-error.ts';
import { loadCollections } from './load-content.ts';

/** Replaces the collection's entries in the store with the validated ones, in catalog order. */
function fill(name: CollectionName, { store, generateDigest }: LoaderContext): void {
  const entries = loadCollections() as unknown as Record<CollectionName, Record<string, unknown>[]>;
  store.clear();
  for (const data of entries[name]) {
    store.set({ id: String(data['slug']), data, digest: generateDigest(data) });
  }
}

/** The object loader of one collection. */
export function catalogLoader<C extends CollectionName>(name: C) {
  return {
    name: 'studio-catalog',
    load: async (context) => {
      fill(name, context);
      // `npm run dev`: read again after an edit. A mistake keeps the last good entries, but nothing
      // is served from them: the content-check integration answers every page and API request with
      // the report until the content is valid again.
      context.watcher?.on('all', (_event, path) => {
        if (!path.startsWith(contentDir())) return;
        try {
          fill(name, context);
        } catch (error) {
          if (!(error instanceof ContentValidationError)) throw error;
        }
      });
    },
  } satisfies Loader;
}
