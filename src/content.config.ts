/**
 * Astro content collections: one folder per collection under the content folder (CONTENT_DIR,
 * default content/), one YAML file per entry.
 * No `schema` here on purpose: the catalog validates every entry itself (src/catalog/validate.ts),
 * so `npm run dev` shows the same one-message-per-mistake report as `site:export`, not Astro's own.
 */
import { join } from 'node:path';
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { contentDir } from './catalog/content-dir.ts';
import { COLLECTION_NAMES, type CollectionName } from './schemas/collections.ts';

/** Ids are file names, not slugs, so a duplicate slug is reported instead of silently overwritten. */
function collection(name: CollectionName) {
  return defineCollection({
    loader: glob({ pattern: '**/*.{yaml,yml}', base: join(contentDir(), name), generateId: ({ entry }) => entry }),
  });
}

export const collections = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, collection(name)])) as {
  [C in CollectionName]: ReturnType<typeof collection>;
};
