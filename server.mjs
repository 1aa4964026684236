// @ts-check
/**
 * The production server: static files and prerendered pages from dist/client, everything else
 * (the API, redirects, the 404 page) through Astro's request handler. It adds the security
 * headers to every response, answers 405 to write methods on pages and files, refuses path
 * traversal, and logs one JSON line per request.
 */
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { SECURITY_HEADERS } from './server/security-headers.mjs';
import { sendFile, staticFileFor } from './server/static-files.mjs';

// DIST_DIR lets a second build (tests, benchmarks) run beside the main one.
const distDir = new URL(`${process.env['DIST_DIR'] ?? './dist'}/`.replace(/\/+$/, '/'), new URL('./', import.meta.url));
const clientDir = fileURLToPath(new URL('client/', distDir));
const { handler: astroHandler } = await import(new URL('server/entry.mjs', distDir).href);
const { createApiHandler, isApiPath } = await import(new URL('server/api/handler.mjs', distDir).href);
const apiHandler = createApiHandler(fileURLToPath(new URL('server/api/catalog-snapshot.json', distDir)));

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Decodes a path strictly; undefined when it is malformed or tries to leave the site root.
 * @param {string} rawPath
 */
function safePath(rawPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) return undefined;
  return decoded;
}

/**
 * Logs one structured line per finished request.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} path
 * @param {bigint} started
 */
function logRequest(req, res, path, started) {
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const requestId = res.getHeader('X-Request-Id');
  process.stdout.write(
    `${JSON.stringify({ method: req.method, path, status: res.statusCode, ms: Math.round(ms * 100) / 100, request_id: requestId ?? null })}\n`,
  );
}

/**
 * Answers one request.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @returns {Promise<void>}
 */
async function listener(req, res) {
  const started = process.hrtime.bigint();
  const url = req.url ?? '/';
  const questionMark = url.indexOf('?');
  const rawPath = questionMark === -1 ? url : url.slice(0, questionMark);
  res.on('finish', () => logRequest(req, res, rawPath, started));
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);

  // The API answers every method and every path under /api itself, with JSON envelopes, and sees
  // the path as received (absolute-form request lines included).
  const apiPath = rawPath.startsWith('/') ? rawPath : rawPath.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  if (isApiPath(apiPath)) return apiHandler(req, res);

  const method = req.method ?? 'GET';
  if (method === 'OPTIONS') {
    res.writeHead(204, { Allow: 'GET, HEAD, OPTIONS' }).end();
    return;
  }
  if (!READ_METHODS.has(method)) {
    res
      .writeHead(405, { Allow: 'GET, HEAD, OPTIONS', 'Content-Type': 'text/plain; charset=utf-8' })
      .end('405 Method Not Allowed: this site is read-only.\n');
    return;
  }
  const path = safePath(rawPath);
  if (path === undefined) {
    // Never look a malformed or traversing path up on disk; Astro renders the 404 page for it.
    req.url = '/404-not-found/';
    return void (await astroHandler(req, res));
  }
  const file = staticFileFor(clientDir, path);
  if (file) return sendFile(req, res, clientDir, file);
  await astroHandler(req, res);
}

const port = Number(process.env['PORT'] ?? 4321);
const host = process.env['HOST'] ?? '127.0.0.1';
const server = createServer((req, res) => {
  listener(req, res).catch((/** @type {unknown} */ error) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
});
server.listen(port, host, () => {
  process.stdout.write(`${JSON.stringify({ message: 'listening', url: `http://${host}:${port}/` })}\n`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
