/**
 * The discovery documents whose headers are not a file's (servedDocuments in
 * src/integrations/server-bundle.ts): the MCP server card, the AI Catalog and the API catalog, each
 * prepared once per worker with a strong ETag and every file's open CORS: 304 to a matching
 * If-None-Match, whatever Cache-Control says.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientCopyIsCurrent } from './file-cache.ts';
import type { ApiBundle } from './load-build.ts';

/** A card's prepared answer: every header of its 304 and of its 200, and its body. */
interface Card {
  notModified: Record<string, string>;
  ok: Record<string, string>;
  body: Buffer;
  validators: { etag: string };
}

/** The cards of one build by path, for the build's public base URL. */
export function prepareCards(api: ApiBundle, siteOrigin: string): Map<string, Card> {
  const cards = new Map<string, Card>();
  for (const document of api.servedDocuments(siteOrigin)) {
    const body = Buffer.from(document.body);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const notModified = {
      ...api.securityHeadersFor(document.path),
      ...api.CORS_HEADERS,
      'Cache-Control': document.cacheControl,
      'Content-Type': document.mediaType,
      ETag: etag,
    };
    const ok = { ...notModified, 'Content-Length': String(body.length) };
    cards.set(document.path, { notModified, ok, body, validators: { etag } });
  }
  return cards;
}

/** Answers a GET or HEAD of a card. */
export function sendCard(req: IncomingMessage, res: ServerResponse, card: Card): void {
  if (clientCopyIsCurrent(req.headers, card.validators)) res.writeHead(304, card.notModified).end();
  else res.writeHead(200, card.ok).end(req.method === 'HEAD' ? undefined : card.body);
}
