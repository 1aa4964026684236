// @ts-check
/**
 * The MCP server card and the AI Catalog (src/discovery/server-card.ts): documents whose headers are
 * not a file's (open CORS, an hour's public caching, their own media types), so the server answers
 * them itself, each prepared once per worker with a strong ETag. GET and HEAD get the document (304
 * to a matching If-None-Match), OPTIONS the CORS preflight, any other method 405.
 */
import { createHash } from 'node:crypto';
import fresh from 'fresh';
import { sendError } from './error-response.mjs';

/**
 * The card sender of one build.
 * @param {import('./load-build.mjs').ApiBundle} api
 * @param {string} siteOrigin the build's public base URL
 */
export function createCardSender(api, siteOrigin) {
  /** @type {Map<string, { headers: Record<string, string>, body: Buffer, validators: { etag: string } }>} */
  const prepared = new Map();
  for (const document of api.cardDocuments(siteOrigin)) {
    const body = Buffer.from(document.body);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const headers = {
      ...api.securityHeadersFor(document.path),
      ...api.DISCOVERY_CARD_HEADERS,
      'Content-Type': document.mediaType,
      ETag: etag,
    };
    prepared.set(document.path, { headers, body, validators: { etag } });
  }

  return {
    /** Whether a request path is one of the card documents. @param {string} path */
    has: (path) => prepared.has(path),

    /**
     * Answers a request for a card document.
     * @param {import('node:http').IncomingMessage} req
     * @param {import('node:http').ServerResponse} res
     * @param {string} path from has()
     * @param {Record<string, string>} limit the RateLimit fields, when the path is limited
     */
    send(req, res, path, limit) {
      const document = /** @type {{ headers: Record<string, string>, body: Buffer, validators: { etag: string } }} */ (prepared.get(path));
      const method = req.method ?? 'GET';
      if (method === 'OPTIONS') {
        res.writeHead(204, { ...document.headers, ...limit, Allow: api.ALLOWED_METHODS, 'Content-Length': '0' }).end();
        return;
      }
      if (method !== 'GET' && method !== 'HEAD') {
        for (const [name, value] of Object.entries(limit)) res.setHeader(name, value);
        res.setHeader('Allow', api.ALLOWED_METHODS);
        return sendError(req, res, 405, api);
      }
      if (fresh(req.headers, document.validators)) {
        res.writeHead(304, { ...document.headers, ...limit }).end();
        return;
      }
      res.writeHead(200, { ...document.headers, ...limit, 'Content-Length': String(document.body.length) });
      res.end(method === 'HEAD' ? undefined : document.body);
    },
  };
}
