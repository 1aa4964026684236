// @ts-check
/**
 * Markdown twins on HTML URLs: every prerendered page announces its twin (`/x/` -> `/x.md`) and the
 * API catalog in `Link` headers, and a request whose Accept prefers text/markdown over text/html
 * gets the twin's bytes instead. Both answers vary on Accept.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import Negotiator from 'negotiator';

/** The twin of each page file that has one, checked once per file and process (the build's pages: bounded). */
const twins = new Map();

/** @param {string} clientDir @param {string} file a page file such as /projects/docs-hub/index.html */
function twinOf(clientDir, file) {
  const key = join(clientDir, file);
  let twin = twins.get(key);
  if (twin === undefined) {
    const page = file.slice(0, -'index.html'.length);
    const candidate = page === '/' ? '/index.md' : `${page.slice(0, -1)}.md`;
    try {
      twin = statSync(join(clientDir, candidate)).isFile() ? candidate : null;
    } catch {
      twin = null;
    }
    twins.set(key, twin);
  }
  return twin;
}

/**
 * The Link header of a page with a twin: the twin, and the API catalog (RFC 9727 §3.3).
 * @param {string} twin @param {string} apiCatalogPath
 */
export function twinLinks(twin, apiCatalogPath) {
  return `<${twin}>; rel="alternate"; type="text/markdown", <${apiCatalogPath}>; rel="api-catalog"`;
}

/** Media types a page is offered in, HTML first so a tie (or `*\/*`) keeps HTML. */
const OFFERED = ['text/html', 'text/markdown'];

/**
 * The file to send for `file`: its twin when the client prefers Markdown; sets Vary and Link.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} clientDir
 * @param {string} file
 * @param {string} apiCatalogPath
 */
export function negotiateTwin(req, res, clientDir, file, apiCatalogPath) {
  if (!file.endsWith('/index.html')) return file;
  const twin = twinOf(clientDir, file);
  if (!twin) return file;
  res.setHeader('Vary', 'Accept');
  res.setHeader('Link', twinLinks(twin, apiCatalogPath));
  const accept = req.headers.accept;
  if (accept === undefined || !accept.includes('markdown')) return file;
  return new Negotiator(req).mediaType(OFFERED) === 'text/markdown' ? twin : file;
}
