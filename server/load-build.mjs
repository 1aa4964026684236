// @ts-check
/**
 * Loads one build from dist/: the prerendered files and 404 page, Astro's handler (redirects), the API
 * bundle with its content snapshot, and the build id, from the folder DIST_DIR names (server/config.mjs).
 */
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The build folder, resolved through symlinks once: a worker keeps reading the build it started
 * with even when a deploy repoints a `current` symlink before reloading.
 * @param {string} named the folder as DIST_DIR names it (absolute: config.distDir)
 */
export function resolveDistDir(named) {
  return pathToFileURL(`${realpathSync(named)}/`);
}

/**
 * @typedef {typeof import('../src/integrations/server-bundle.ts')} ApiBundle
 * @typedef {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>} AstroHandler
 * @typedef {{
 *   id: string,
 *   siteOrigin: string,
 *   clientDir: string,
 *   notFoundPages: Record<import('../src/schemas/common.ts').Locale, Buffer>,
 *   astroHandler: AstroHandler,
 *   api: ApiBundle,
 *   catalog: import('../src/catalog/catalog.ts').Catalog,
 *   cache: import('../src/api/cache-kinds.ts').WorkerCache,
 * }} Build
 */

/**
 * Imports a build's server modules and reads its catalog snapshot; makes the worker's one cache.
 * @param {URL} distDir
 * @param {number} cacheBudgetBytes what the worker's caches may hold (CACHE_BUDGET_MB)
 * @returns {Promise<Build>}
 */
export async function loadBuild(distDir, cacheBudgetBytes) {
  /** @type {{ handler: AstroHandler }} */
  const astro = await import(new URL('server/entry.mjs', distDir).href);
  /** @type {ApiBundle} */
  const api = await import(new URL('server/api/handler.mjs', distDir).href);
  /** @type {{ id: string, siteUrl: string }} written by src/integrations/build-record.ts */
  const record = JSON.parse(readFileSync(new URL('build.json', distDir), 'utf8'));
  // /api/health reports it.
  api.serviceState.build = record.id;
  const apiDir = fileURLToPath(new URL('server/api/', distDir));
  const catalog = api.catalogFromSnapshot(`${apiDir}${api.CATALOG_SNAPSHOT}`);
  // The payloads the build serialized: the worker reads their bytes and holds only their index.
  api.openPayloadStore(apiDir, catalog);
  // The worker's one byte budget: the API's entries, the answers and static files alike (src/api/cache-kinds.ts).
  const cache = api.createWorkerCache(cacheBudgetBytes);
  return {
    id: record.id,
    // The origin the build was made for (its SITE_URL): Astro's requests are built on it, never on a
    // client's Host.
    siteOrigin: new URL(record.siteUrl).origin,
    clientDir: fileURLToPath(new URL('client/', distDir)),
    // The site's 404 page in each language, prerendered: what every path the server does not serve
    // gets, in the language of its path.
    notFoundPages: /** @type {Build['notFoundPages']} */ (
      Object.fromEntries(
        Object.entries(api.LOCALE_SEGMENTS).map(([locale, segment]) => [
          locale,
          readFileSync(new URL(segment === undefined ? 'client/404.html' : `client/${segment}/404/index.html`, distDir)),
        ]),
      )
    ),
    astroHandler: astro.handler,
    api,
    catalog,
    cache,
  };
}

/**
 * Gives back the memory that loading a build grew the heap by. Parsing the catalog snapshot and the
 * payload store's index makes garbage beside what stays live, and V8 keeps a grown heap after an
 * ordinary collection. One last-resort collection, before the worker listens, shrinks it to what is
 * live: the build's share, which the worker logs (server/worker.mjs).
 * Needs --expose-gc (the primary starts workers with it); without, it does nothing.
 */
export function releaseLoadGarbage() {
  /** @type {((options: { type: string, execution: string, flavor: string }) => void) | undefined} */
  const collect = /** @type {any} */ (globalThis).gc;
  collect?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
