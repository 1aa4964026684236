// @ts-check
/**
 * The discovery documents whose headers are not a file's (servedDocuments in
 * src/integrations/server-bundle.ts): the MCP server card, the AI Catalog and the API catalog, with
 * their own media types and caching. The server answers them itself, each prepared once per worker
 * with a strong ETag and every file's open CORS. GET and HEAD get the
 * document (304 to a matching If-None-Match, whatever Cache-Control says), OPTIONS every file's CORS
 * preflight, any other method 405.
 */
import { createHash } from 'node:crypto';
import { sendError } from './error-response.mjs';
import { clientCopyIsCurrent } from './file-cache.ts';

/**
 * The card sender of one build.
 * @param {import('./load-build.mjs').ApiBundle} api
 * @param {string} siteOrigin the build's public base URL
 */
export function createCardSender(api, siteOrigin) {
  /** @type {Map<string, { headers: Record<string, string>, body: Buffer, validators: { etag: string } }>} */
  const prepared = new Map();
  for (const document of api.servedDocuments(siteOrigin)) {
    const body = Buffer.from(document.body);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const headers = {
      ...api.securityHeadersFor(document.path),
      ...api.CORS_HEADERS,
      'Cache-Control': document.cacheControl,
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
        res.writeHead(204, { ...api.securityHeadersFor(path), ...api.PREFLIGHT_HEADERS, ...limit, 'Content-Length': '0' }).end();
        return;
      }
      if (method !== 'GET' && method !== 'HEAD') {
        for (const [name, value] of Object.entries(limit)) res.setHeader(name, value);
        res.setHeader('Allow', api.ALLOWED_METHODS);
        return sendError(req, res, 405, api);
      }
      if (clientCopyIsCurrent(req.headers, document.validators)) {
        res.writeHead(304, { ...document.headers, ...limit }).end();
        return;
      }
      res.writeHead(200, { ...document.headers, ...limit, 'Content-Length': String(document.body.length) });
      res.end(method === 'HEAD' ? undefined : document.body);
    },
  };
}
