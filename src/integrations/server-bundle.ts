/**
 * What the production server (server/) loads from the build: bundled by src/integrations/api-bundle.ts
 * into dist/server/api/handler.mjs, beside the content snapshot it serves, so the server needs
 * neither Astro's request pipeline nor src/ to answer the API.
 */
import { readFileSync } from 'node:fs';
import { createCatalog, type Catalog } from '../catalog/catalog.ts';
import type { CatalogSnapshot } from '../catalog/snapshot.ts';
import { matchRoute } from '../api/respond.ts';
import { CACHE_CONTROL } from '../api/response-policy.ts';
import { API_CATALOG_MEDIA_TYPE, API_CATALOG_PATH, buildApiCatalog } from '../discovery/api-catalog.ts';
import { cardDocuments, DISCOVERY_CARD_HEADERS } from '../discovery/server-card.ts';

export { answerApi, answerRateLimited, answerRefused, replayKey } from '../api/adapter.ts';
export { requestIdFor } from '../api/respond.ts';
export { createWorkerCache, workerReport } from '../api/cache-kinds.ts';
export { FILE_MEDIA_TYPES, isApiPath } from '../routes/urls.ts';
export { parseTarget } from '../api/request-target.ts';
export {
  ALLOWED_METHODS,
  CACHE_CONTROL,
  contentLanguageOf,
  CORS_HEADERS,
  fileKind,
  PREFLIGHT_HEADERS,
  REPRESENTATION_HEADERS,
  SECURITY_HEADERS,
  securityHeadersFor,
} from '../api/response-policy.ts';
export { localeOfPath, LOCALE_SEGMENTS } from '../routes/locale-paths.ts';
export { siteUrl } from '../site/config.ts';
export { API_CATALOG_PATH } from '../discovery/api-catalog.ts';
export { twinPath } from '../discovery/markdown-twins.ts';
export { MCP_MAX_BODY_BYTES, MCP_PATH, rpcErrorBody } from '../routes/mcp-endpoint.ts';
export { createMcpFetchHandler, originAllowed } from '../mcp/server.ts';
export { openPayloadStore } from '../api/payload-store.ts';
export { CLIENT_FILES } from './client-files.ts';

/** Name of the content snapshot written beside the bundle at build time. */
export const CATALOG_SNAPSHOT = 'catalog-snapshot.json';

/**
 * The catalog of the build's content snapshot. The build validated it (load-content.ts) and wrote
 * the payload store from it, so a worker trusts it rather than validating it again.
 */
export function catalogFromSnapshot(snapshotPath: string): Catalog {
  // The snapshot is the collections' JSON text (api-bundle.ts), the text the catalog's version hashes.
  const json = readFileSync(snapshotPath, 'utf8');
  return createCatalog(JSON.parse(json) as CatalogSnapshot, json);
}

/** A discovery document the server answers itself, with the Cache-Control it carries. */
export interface ServedDocument {
  path: string;
  mediaType: string;
  body: string;
  cacheControl: string;
}

/**
 * The discovery documents whose headers are not a file's (server/discovery-cards.ts answers them):
 * the MCP server card and the AI Catalog (an hour's caching, as their draft asks), and the API
 * catalog (RFC 9727's media type, which no file extension gives; a file's caching). Each is
 * answered with a strong ETag and every file's CORS, as a file would be.
 */
export function servedDocuments(base: string): ServedDocument[] {
  const cardCaching = DISCOVERY_CARD_HEADERS['Cache-Control'] ?? CACHE_CONTROL.file;
  return [
    ...cardDocuments(base).map((document) => ({ ...document, cacheControl: cardCaching })),
    {
      path: API_CATALOG_PATH,
      mediaType: API_CATALOG_MEDIA_TYPE,
      body: JSON.stringify(buildApiCatalog(base)),
      cacheControl: CACHE_CONTROL.file,
    },
  ];
}

/** The route-table template a path answers to (`/api/projects/{slug}`), for metric labels; undefined when none. */
export function routeTemplateFor(path: string): string | undefined {
  return matchRoute(path)?.route.path;
}
