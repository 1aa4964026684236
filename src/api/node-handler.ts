/**
 * The API for Node's http server, without Astro's request pipeline: the production server
 * (server.mjs) answers /api/** here, so the envelope sees the path exactly as received and
 * per-request work stays at parsing, filtering and serializing.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createCatalog } from '../catalog/catalog.ts';
import { validateCollections, type RawCollections } from '../catalog/validate.ts';
import { respond } from './respond.ts';

export { isApiPath } from './spec/urls.ts';

/** Name of the content snapshot written beside this bundle at build time. */
export const CATALOG_SNAPSHOT = 'catalog-snapshot.json';

/** The path and query of a request line, in origin-form even when the client sent absolute-form. */
function originForm(url: string): string {
  if (url.startsWith('/')) return url;
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return `/${url}`;
  }
}

/** Builds a handler over a content snapshot (validated again, so a tampered snapshot cannot serve). */
export function createApiHandler(snapshotPath: string): (req: IncomingMessage, res: ServerResponse) => void {
  const raw = JSON.parse(readFileSync(snapshotPath, 'utf8')) as RawCollections;
  const catalog = createCatalog(validateCollections(raw));
  return (req, res) => {
    const result = respond(
      {
        method: req.method ?? 'GET',
        url: originForm(req.url ?? '/'),
        header: (name) => {
          const value = req.headers[name];
          return Array.isArray(value) ? value.join(', ') : value;
        },
      },
      catalog,
    );
    res.writeHead(result.status, result.headers);
    res.end(result.body ?? undefined);
  };
}
