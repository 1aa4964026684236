/**
 * Markdown twins on HTML URLs: every prerendered page announces its twin (`/x/` -> `/x.md`) and the
 * API catalog in `Link` headers, and a request whose Accept prefers text/markdown or text/plain
 * over text/html gets the twin's bytes instead (Markdown is plain text; Mintlify's plain-text
 * check). Both answers vary on Accept (static-files.ts sets the headers).
 */
import type { IncomingMessage } from 'node:http';
import Negotiator from 'negotiator';

/** The Link header of a page with a twin: the twin, and the API catalog (RFC 9727 §3.3). */
export function twinLinks(twin: string, apiCatalogPath: string): string {
  return `<${twin}>; rel="alternate"; type="text/markdown", <${apiCatalogPath}>; rel="api-catalog"`;
}

/**
 * What an Accept must name before it is negotiated at all: an Accept without either keeps HTML.
 * nginx sends a page's request to the server on the same hints (deploy/nginx/generate.mjs).
 */
export const MARKDOWN_ACCEPT_HINTS = ['markdown', 'plain'];

/** Media types a page is offered in, HTML first so a tie (or `*\/*`, `text/*`) keeps HTML. */
const OFFERED = ['text/html', 'text/markdown', 'text/plain'];

/**
 * The twin of `file` (a site path in dist/client) when it is a page that has one, by the build's
 * twin URL rule `twinPath`; `isClientFile` says whether dist/client holds a file.
 */
export function twinOf(file: string, isClientFile: (file: string) => boolean, twinPath: (pagePath: string) => string): string | undefined {
  if (!file.endsWith('/index.html')) return undefined;
  const twin = twinPath(file.slice(0, -'index.html'.length));
  return isClientFile(twin) ? twin : undefined;
}

/** Whether the client's Accept prefers the Markdown twin (as text/markdown or text/plain) to the HTML page. */
export function prefersMarkdown(req: IncomingMessage): boolean {
  const accept = req.headers.accept;
  if (accept === undefined || !MARKDOWN_ACCEPT_HINTS.some((hint) => accept.includes(hint))) return false;
  const chosen = new Negotiator(req).mediaType(OFFERED);
  return chosen === 'text/markdown' || chosen === 'text/plain';
}
