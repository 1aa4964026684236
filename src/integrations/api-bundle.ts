/**
 * Astro integration: after `astro build`, bundles src/api/server-bundle.ts into
 * dist/server/api/handler.mjs and writes the snapshot of the content folder (CONTENT_DIR) it serves, so the production server
 * answers the API without Astro's page pipeline.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'vite';
import { contentDir } from '../catalog/content-dir.ts';
import { readContentFolder } from '../catalog/load-files.ts';
import { CATALOG_SNAPSHOT } from '../api/server-bundle.ts';

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
            ssr: fileURLToPath(new URL('../api/server-bundle.ts', import.meta.url)),
            outDir,
            emptyOutDir: true,
            minify: false,
            rollupOptions: { output: { entryFileNames: 'handler.mjs' } },
          },
        });
        mkdirSync(outDir, { recursive: true });
        writeFileSync(new URL(CATALOG_SNAPSHOT, new URL('api/', serverDir)), JSON.stringify(readContentFolder(contentDir())));
        logger.info(`API handler bundled into ${outDir}`);
      },
    },
  };
}
