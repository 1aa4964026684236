/**
 * The catalog snapshot the production server serves: the validated collections of the build's one
 * content read (load-content.ts), written by src/integrations/api-bundle.ts. The server checks it
 * again with the same rules, so a tampered snapshot cannot serve.
 */
import { COLLECTION_NAMES, type Collections } from '../schemas/collections.ts';
import { slugFolder } from './slugs.ts';
import type { RawCollections } from './raw-content.ts';
import { validateCollections } from './validate.ts';

/** What the snapshot file holds. */
export type CatalogSnapshot = Collections;

/** The snapshot's entries as files named after their slugs, validated again. */
export function snapshotCollections(snapshot: CatalogSnapshot): Collections {
  const raw = Object.fromEntries(
    COLLECTION_NAMES.map((name) => [
      name,
      ((snapshot[name] ?? []) as unknown[]).map((data) => ({
        file: `${slugFolder(name)}${String((data as { slug?: unknown } | null)?.slug)}.yaml`,
        data,
      })),
    ]),
  ) as RawCollections;
  return validateCollections(raw);
}
