/**
 * Astro integration: after `astro build`, bundles src/integrations/server-bundle.ts into
 * dist/server/api/handler.mjs and writes the snapshot of the validated collections it serves (the one content read of
 * this build, CONTENT_DIR) and the payload store made from them (src/api/payload-store.ts), so the
 * production server answers the API without Astro's page pipeline.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'vite';
import { createCatalog } from '../catalog/catalog.ts';
import { loadCollections, loadContent } from '../catalog/load-content.ts';
import { writePayloadStore } from '../api/payload-store.ts';
import { CATALOG_SNAPSHOT } from './server-bundle.ts';
import type { CatalogSnapshot } from '../catalog/snapshot.ts';

export default function apiBundle(): AstroIntegration {
  let serverDir: URL;
  return {
    name: 'api-bundle',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = config.build.server;
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
        const collections = loadCollections() satisfies CatalogSnapshot;
        // Once per build: which dates follow the fallback rule (docs/history.md#without-history).
        const { note } = loadContent().history;
        if (note) logger.warn(note);
        writeFileSync(new URL(CATALOG_SNAPSHOT, new URL('api/', serverDir)), JSON.stringify(collections));
        const started = performance.now();
        const storeBytes = writePayloadStore(createCatalog(collections), outDir);
        logger.info(`API handler bundled into ${outDir}`);
        logger.info(`payload store: ${(storeBytes / 1024 / 1024).toFixed(1)} MB in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
