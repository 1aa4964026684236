// @ts-check
/** Serves the prerendered pages and static files of dist/client with `send`. */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import send from 'send';

/**
 * Decodes a request path strictly; undefined when it is malformed or tries to leave the site root,
 * so such a path is never looked up on disk.
 * @param {string} rawPath
 */
export function safePath(rawPath) {
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
 * The file a request path maps to, or undefined when dist/client has none.
 * @param {string} clientDir
 * @param {string} pathname decoded, already checked for traversal
 */
export function staticFileFor(clientDir, pathname) {
  const candidates = pathname.endsWith('/') ? [`${pathname}index.html`] : [pathname, `${pathname}/index.html`];
  for (const candidate of candidates) {
    try {
      if (statSync(join(clientDir, candidate)).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/**
 * Cache policy: hashed assets forever; everything else revalidates with its ETag.
 * @param {string} file
 */
export function cacheControlFor(file) {
  return file.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate';
}

/**
 * Streams one file with ETag, Last-Modified and range support.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} clientDir
 * @param {string} file
 */
export function sendFile(req, res, clientDir, file) {
  res.setHeader('Cache-Control', cacheControlFor(file));
  if (file.endsWith('.json')) res.setHeader('Content-Type', 'application/json; charset=utf-8');
  send(req, file, { root: clientDir, dotfiles: 'deny', index: false, cacheControl: false })
    .on('error', (/** @type {{ statusCode?: number }} */ error) => {
      res.statusCode = error.statusCode ?? 404;
      res.end();
    })
    .pipe(res);
}
