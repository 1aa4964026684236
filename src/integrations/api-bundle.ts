/**
 * Astro integration: after `astro build`, bundles src/integrations/server-bundle.ts into
 * dist/server/api/handler.mjs and writes the snapshot of the validated collections it serves (the one content read of
 * this build, CONTENT_DIR) and the payload store made from them (src/api/payload-store.ts), so the
 * production server answers the API without Astro's page pipeline. The store is built on a worker
 * thread (payload-store-worker.ts) from the start of the build, while this thread prerenders the
 * pages, and written once the pages are done.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroIntegration } from 'astro';
import { build } from 'vite';
import { loadCollections, loadContent } from '../catalog/load-content.ts';
import { writeStoreFiles, type BuiltPayloadStore } from '../api/payload-store.ts';
import { CATALOG_SNAPSHOT } from './server-bundle.ts';
import type { CatalogSnapshot } from '../catalog/snapshot.ts';

/** The payload store of `collections`, built on a worker thread; with how long that took. */
function buildStoreOffThread(collections: CatalogSnapshot): Promise<{ store: BuiltPayloadStore; ms: number }> {
  const started = performance.now();
  const worker = new Worker(new URL('./payload-store-worker.ts', import.meta.url), { workerData: collections });
  return new Promise((resolve, reject) => {
    worker.once('message', (store: BuiltPayloadStore) => resolve({ store, ms: Math.round(performance.now() - started) }));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`api-bundle: the payload store's worker exited with code ${code} before it sent the store`)),
    );
  });
}

export default function apiBundle(): AstroIntegration {
  let serverDir: URL;
  // The snapshot and the store come from the one content read at build:start, so a file saved
  // during the build cannot make them disagree.
  let collections: CatalogSnapshot | undefined;
  let historyNote: string | undefined;
  let building: Promise<{ store: BuiltPayloadStore; ms: number }> | undefined;
  return {
    name: 'api-bundle',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = config.build.server;
      },
      'astro:build:start': () => {
        collections = loadCollections() satisfies CatalogSnapshot;
        // Which dates follow the fallback rule (docs/history.md#without-history), from the same read.
        historyNote = loadContent().history.note;
        building = buildStoreOffThread(collections);
        // Its error is the build's once build:done awaits it, not an unhandled rejection meanwhile.
        building.catch(() => {});
      },
      'astro:build:done': async ({ logger }) => {
        const outDir = fileURLToPath(new URL('api/', serverDir));
        await build({
          configFile: false,
          logLevel: 'warn',
          build: {
            ssr: fileURLToPath(new URL('./server-bundle.ts', import.meta.url)),
            outDir,
            emptyOutDir: true,
            minify: false,
            rollupOptions: { output: { entryFileNames: 'handler.mjs' } },
          },
        });
        mkdirSync(outDir, { recursive: true });
        if (!collections || !building) throw new Error('api-bundle: astro:build:start did not run');
        // Once per build.
        if (historyNote) logger.warn(historyNote);
        writeFileSync(new URL(CATALOG_SNAPSHOT, new URL('api/', serverDir)), JSON.stringify(collections));
        const { store, ms } = await building;
        const storeBytes = writeStoreFiles(outDir, store);
        logger.info(`API handler bundled into ${outDir}`);
        logger.info(`payload store: ${(storeBytes / 1024 / 1024).toFixed(1)} MB, built in ${ms} ms on a worker thread`);
      },
    },
  };
}
