/**
 * Loads one build from dist/: the prerendered files and 404 page, Astro's handler (redirects), the API
 * bundle with its content snapshot, and the build id, from the folder DIST_DIR names (server/config.ts).
 */
import { readFileSync, realpathSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { WorkerCache } from '../src/api/cache-kinds.ts';
import type { Catalog } from '../src/catalog/catalog.ts';
import type { Locale } from '../src/schemas/common.ts';
import type * as ServerBundle from '../src/integrations/server-bundle.ts';

export type ApiBundle = typeof ServerBundle;
export type AstroHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface Build {
  id: string;
  /** The origin the build was made for (its SITE_URL): Astro's requests are built on it, never on a client's Host. */
  siteOrigin: string;
  clientDir: string;
  /** The site's 404 page in each language, prerendered: what every path the server does not serve gets. */
  notFoundPages: Record<Locale, Buffer>;
  astroHandler: AstroHandler;
  api: ApiBundle;
  catalog: Catalog;
  cache: WorkerCache;
}

/**
 * The build folder, resolved through symlinks once: a worker keeps reading the build it started
 * with even when a deploy repoints a `current` symlink before reloading.
 */
export function resolveDistDir(named: string): URL {
  return pathToFileURL(`${realpathSync(named)}/`);
}

/**
 * Imports a build's server modules and reads its catalog snapshot; makes the worker's one cache of
 * `cacheBudgetBytes` (CACHE_BUDGET_MB).
 */
export async function loadBuild(distDir: URL, cacheBudgetBytes: number): Promise<Build> {
  // In turn: a build whose Astro entry fails says so, whatever else it lacks.
  const astro = (await import(new URL('server/entry.mjs', distDir).href)) as { handler: AstroHandler };
  const api = (await import(new URL('server/api/handler.mjs', distDir).href)) as ApiBundle;
  // Written by src/integrations/build-record.ts.
  const record = JSON.parse(readFileSync(new URL('build.json', distDir), 'utf8')) as { id: string; siteUrl: string };
  const apiDir = fileURLToPath(new URL('server/api/', distDir));
  const catalog = api.catalogFromSnapshot(`${apiDir}${api.CATALOG_SNAPSHOT}`);
  // The payloads the build serialized: the worker reads their bytes and holds only their index.
  api.openPayloadStore(apiDir, catalog);
  const page404 = (segment: string | undefined) =>
    readFileSync(new URL(segment === undefined ? 'client/404.html' : `client/${segment}/404/index.html`, distDir));
  return {
    id: record.id,
    siteOrigin: new URL(record.siteUrl).origin,
    clientDir: fileURLToPath(new URL('client/', distDir)),
    notFoundPages: Object.fromEntries(Object.entries(api.LOCALE_SEGMENTS).map(([locale, segment]) => [locale, page404(segment)])) as Record<
      Locale,
      Buffer
    >,
    astroHandler: astro.handler,
    api,
    catalog,
    // The worker's one byte budget: the API's entries, the answers and static files alike (src/api/cache-kinds.ts).
    cache: api.createWorkerCache(cacheBudgetBytes),
  };
}

/**
 * Gives back the memory that loading a build grew the heap by: parsing the catalog snapshot and the
 * payload store's index makes garbage beside what stays live, and V8 keeps a grown heap after an
 * ordinary collection. One last-resort collection before the worker listens shrinks it to what is
 * live (a plain one leaves the heap and the RSS larger): the build's share, which the worker logs.
 * Needs --expose-gc (the primary starts workers with it).
 */
export function releaseLoadGarbage(): void {
  const gc = (globalThis as { gc?: (options: { type: string; execution: string; flavor: string }) => void }).gc;
  gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
