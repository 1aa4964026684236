/**
 * Astro content collections: one per folder under the content folder (CONTENT_DIR, default
 * content/), one YAML file per entry, each with its Zod schema from src/schemas/. The loader
 * (src/catalog/content-loader.ts) fills them from the one content read, which validates with the
 * same schemas and reports mistakes as the editors' one-line-per-mistake report, in `npm run dev`,
 * `astro build` and `site:export` alike.
 */
import { defineCollection } from 'astro:content';
import { catalogLoader } from './catalog/content-loader.ts';
import { COLLECTION_NAMES, COLLECTION_SCHEMAS, type CollectionName } from './schemas/collections.ts';

function collection<C extends CollectionName>(name: C) {
  return defineCollection({ loader: catalogLoader(name), schema: COLLECTION_SCHEMAS[name] });
}

export const collections = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, collection(name)])) as {
  [C in CollectionName]: ReturnType<typeof collection<C>>;
};
