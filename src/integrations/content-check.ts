/**
 * Astro integration for `npm run dev`: reads content/ again (the one content read, load-content.ts)
 * whenever a file in it changes and prints the same report as `site:export` (one line per mistake,
 * with its fix) in the terminal
 * and in the browser's error overlay, so an editor sees a mistake the moment the file is saved.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { ContentValidationError } from '../catalog/content-error.ts';
import { contentDir as configuredContentDir } from '../catalog/content-dir.ts';
import { loadCollections } from '../catalog/load-content.ts';

/** Saves usually come in bursts (editor, formatter); check once they settle. */
const SETTLE_MS = 150;

export default function contentCheck(): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'content-check',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:server:setup': ({ server, logger }) => {
        const contentDir = configuredContentDir();
        let report = '';
        let timer: ReturnType<typeof setTimeout> | undefined;
        const check = () => {
          try {
            loadCollections(contentDir, root);
            if (report) logger.info('content is valid again.');
            report = '';
          } catch (error) {
            if (!(error instanceof ContentValidationError)) throw error;
            if (error.message !== report) logger.error(error.message);
            report = error.message;
            server.hot.send({ type: 'error', err: { message: error.message, stack: '', plugin: 'content-check' } });
          }
        };
        server.watcher.add(contentDir);
        server.watcher.on('all', (_event, path) => {
          if (!path.startsWith(contentDir)) return;
          clearTimeout(timer);
          timer = setTimeout(check, SETTLE_MS);
        });
      },
    },
  };
}
