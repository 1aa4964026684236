/**
 * Loads one build: the prerendered files and 404 pages, Astro's handler (redirects), the API bundle
 * with its content snapshot, and the build id, from the folder DIST_DIR names (server/config.ts).
 */
import { readFileSync, realpathSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { WorkerCache } from '../src/api/cache-kinds.ts';
import type { Catalog } from '../src/catalog/catalog.ts';
import type { Locale } from '../src/schemas/common.ts';
import type * as ServerBundle from '../src/integrations/server-bundle.ts';

export type ApiBundle = typeof ServerBundle;
type AstroHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface Build {
  id: string;
  /** The origin the build was made for (its SITE_URL): Astro's requests are built on it, never on a client's Host. */
  siteOrigin: string;
  clientDir: string;
  /** Every file of clientDir as a `/`-prefixed path, listed by the build: a request is looked up here, not on disk. */
  clientFiles: ReadonlySet<string>;
  /** The site's 404 page in each language, prerendered: what every path the server does not serve gets. */
  notFoundPages: Record<Locale, Buffer>;
  astroHandler: AstroHandler;
  api: ApiBundle;
  catalog: Catalog;
  /** The worker's one byte budget: the API's entries, the answers and static files alike (src/api/cache-kinds.ts). */
  cache: WorkerCache;
}

/** Imports the server modules of the build in `named` and reads its catalog snapshot; makes a cache of `cacheBudgetBytes`. */
export async function loadBuild(named: string, cacheBudgetBytes: number): Promise<Build> {
  // Resolved through symlinks once: the worker keeps its build when a deploy repoints `current`.
  const distDir = pathToFileURL(`${realpathSync(named)}/`);
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
  const segments = Object.entries(api.LOCALE_SEGMENTS);
  return {
    id: record.id,
    siteOrigin: new URL(record.siteUrl).origin,
    clientDir: fileURLToPath(new URL('client/', distDir)),
    clientFiles: new Set(readFileSync(new URL(api.CLIENT_FILES, distDir), 'utf8').trimEnd().split('\n')),
    notFoundPages: Object.fromEntries(segments.map(([locale, segment]) => [locale, page404(segment)])) as Record<Locale, Buffer>,
    astroHandler: astro.handler,
    api,
    catalog,
    cache: api.createWorkerCache(cacheBudgetBytes),
  };
}
