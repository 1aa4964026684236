/**
 * Astro integration for `npm run dev`: while the content is invalid, nothing is served from the
 * last good catalog. Every save of a file under the content folder is checked (the one content
 * read, load-content.ts) and its report printed in the terminal and pushed to the open pages'
 * error overlay. Every request asks the same read again, so whatever loads or reloads a page
 * meanwhile (a fresh load, or the reload Astro sends to the open pages right after a save) gets
 * the error page with the overlay, and the API and /api/health answer a 503 naming the files and
 * fields. The first valid save reloads the open pages. `astro dev` only: the build never runs it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { HotPayload } from 'vite';
import { contentDir as configuredContentDir } from '../catalog/content-dir.ts';
import { formatIssues } from '../catalog/content-error.ts';
import { loadContent } from '../catalog/load-content.ts';
import { answerRefused } from '../api/adapter.ts';
import { parseTarget } from '../api/request-target.ts';
import { API_PREFIX } from '../routes/urls.ts';
import { contentErrorPage, escapedOverlayError, overlayError, unavailableDetail } from './content-error-page.ts';

/** Saves come in bursts (editor, formatter): check once they settle. A page reloading meanwhile is covered anyway. */
const SETTLE_MS = 50;

/** A browser's request for a page (not a script, style, image or Vite's own traffic). */
function wantsPage(req: IncomingMessage): boolean {
  const accept = req.headers.accept ?? '';
  return (req.method === 'GET' || req.method === 'HEAD') && (req.headers['sec-fetch-dest'] === 'document' || accept.includes('text/html'));
}

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
        const client = server.environments.client.hot;
        // Cached by the folder's file names, sizes and times: one directory walk when nothing changed.
        const currentIssues = () => loadContent(contentDir, root).issues;
        let report = '';
        let timer: ReturnType<typeof setTimeout> | undefined;
        const check = () => {
          const issues = currentIssues();
          if (issues.length === 0) {
            if (!report) return;
            report = '';
            logger.info('content is valid again.');
            client.send({ type: 'full-reload', path: '*' });
            return;
          }
          const message = formatIssues(issues);
          if (message !== report) logger.error(message);
          report = message;
          client.send({ type: 'error', err: overlayError(issues) });
        };
        // A page that connects while the content is invalid gets the error too. Astro reloads the
        // open pages about 50 ms after a save, often before this check pushes the error, which then
        // reaches the page being left (the cause of the overlay showing only now and then).
        client.on('vite:client:connect', (_data: unknown, page: { send: (payload: HotPayload) => void }) => {
          const issues = currentIssues();
          if (issues.length > 0) page.send({ type: 'error', err: escapedOverlayError(issues) });
        });
        server.watcher.add(contentDir);
        server.watcher.on('all', (_event, path) => {
          if (!path.startsWith(contentDir)) return;
          clearTimeout(timer);
          timer = setTimeout(check, SETTLE_MS);
        });
        // Before Astro's own handler, which would answer from the last good catalog.
        server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
          const url = req.url ?? '/';
          if (url.startsWith('/@') || url.startsWith('/__') || url.includes('/node_modules/')) return next();
          const isApi = url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);
          if (!isApi && !wantsPage(req)) return next();
          const issues = currentIssues();
          if (issues.length === 0) return next();
          if (isApi) {
            const answer = answerRefused(req.method ?? 'GET', parseTarget(url), req.headers, 'unavailable', unavailableDetail(issues));
            res.writeHead(answer.status, answer.headers).end(answer.body ?? undefined);
            return;
          }
          const page = contentErrorPage(issues);
          res.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
          res.end(req.method === 'HEAD' ? undefined : page);
        });
      },
    },
  };
}
