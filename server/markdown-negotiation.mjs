// @ts-check
/**
 * Markdown twins on HTML URLs: every prerendered page announces its twin (`/x/` -> `/x.md`) and the
 * API catalog in `Link` headers, and a request whose Accept prefers text/markdown over text/html
 * gets the twin's bytes instead. Both answers vary on Accept.
 */
import Negotiator from 'negotiator';
import { isClientFile } from './static-files.mjs';

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
 * @param {Pick<import('./load-build.mjs').ApiBundle, 'twinPath' | 'API_CATALOG_PATH'>} api the twin's URL rule and the API catalog's path
 */
export function negotiateTwin(req, res, clientDir, file, api) {
  if (!file.endsWith('/index.html')) return file;
  // The same URL rule the build wrote the twins with; the build's file index says whether this page has one.
  const twin = api.twinPath(file.slice(0, -'index.html'.length));
  if (!isClientFile(clientDir, twin)) return file;
  res.setHeader('Vary', 'Accept');
  res.setHeader('Link', twinLinks(twin, api.API_CATALOG_PATH));
  const accept = req.headers.accept;
  if (accept === undefined || !accept.includes('markdown')) return file;
  return new Negotiator(req).mediaType(OFFERED) === 'text/markdown' ? twin : file;
}
