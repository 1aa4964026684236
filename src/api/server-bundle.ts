/**
 * What the production server (server/) loads from the build: bundled by src/integrations/api-bundle.ts
 * into dist/server/api/handler.mjs, beside the content snapshot it serves, so the server needs
 * neither Astro's request pipeline nor src/ to answer the API.
 */
import { readFileSync } from 'node:fs';
import { createCatalog, type Catalog } from '../catalog/catalog.ts';
import { validateCollections, type RawCollections } from '../catalog/validate.ts';

export { answerApi } from './adapter.ts';
export { cacheUsage, workerCache } from './byte-cache.ts';
export { isApiPath } from './spec/urls.ts';
export { parseTarget } from './request-target.ts';
export { ALLOWED_METHODS } from './respond.ts';
export { serviceState } from './service-state.ts';

/** Name of the content snapshot written beside the bundle at build time. */
export const CATALOG_SNAPSHOT = 'catalog-snapshot.json';

/** The catalog of a content snapshot, validated again so a tampered snapshot cannot serve. */
export function catalogFromSnapshot(snapshotPath: string): Catalog {
  const raw = JSON.parse(readFileSync(snapshotPath, 'utf8')) as RawCollections;
  return createCatalog(validateCollections(raw));
}
