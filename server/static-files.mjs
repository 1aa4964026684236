// @ts-check
/**
 * Serves the prerendered pages and static files of dist/client with `send`, from the .br or .gz
 * sibling written at build time (src/integrations/precompress.ts) when the client accepts it.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { contentType } from 'mime-types';
import send from 'send';
import { chooseCoding, FILE_CODINGS } from './content-coding.mjs';
import { sendError } from './error-response.mjs';
import { sendCachedFile } from './file-cache.mjs';

/** File name suffix of each precompressed sibling. */
const SIBLING = /** @type {const} */ ({ br: '.br', gzip: '.gz' });

/** Whether a file has precompressed siblings, checked once per file and process. */
const hasSiblings = new Map();

/** @param {string} clientDir @param {string} file */
function siblingsExist(clientDir, file) {
  const key = join(clientDir, file);
  let exists = hasSiblings.get(key);
  if (exists === undefined) {
    exists = existsSync(`${key}${SIBLING.br}`) && existsSync(`${key}${SIBLING.gzip}`);
    hasSiblings.set(key, exists);
  }
  return exists;
}

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
 * Streams one file with ETag, Last-Modified and range support; its cache policy by kind (hashed
 * asset or not). A refusal (412, 416) or failure goes out as an error, without the file's headers.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} clientDir
 * @param {string} file
 * @param {import('./error-response.mjs').Policy & Pick<import('../src/api/response-policy.ts'), 'fileKind'>} policy
 */
export function sendFile(req, res, clientDir, file, policy) {
  res.setHeader('Cache-Control', policy.CACHE_CONTROL[policy.fileKind(file)]);
  let sent = file;
  if (siblingsExist(clientDir, file)) {
    // The same URL in several codings: caches key on Accept-Encoding. HEAD announces what GET sends.
    const vary = res.getHeader('Vary');
    res.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const coding = chooseCoding(req.headers['accept-encoding'], FILE_CODINGS);
    if (coding !== 'identity') {
      sent = `${file}${SIBLING[coding]}`;
      res.setHeader('Content-Encoding', coding);
      res.setHeader('Content-Type', contentType(file.slice(file.lastIndexOf('/') + 1)) || 'application/octet-stream');
    }
  }
  if (file.endsWith('.json')) res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (file.endsWith('.md')) res.setHeader('Content-Type', 'text/markdown; charset=utf-8');
  if (sendCachedFile(req, res, clientDir, sent)) return;
  send(req, sent, { root: clientDir, dotfiles: 'deny', index: false, cacheControl: false })
    .on('error', (/** @type {{ statusCode?: number }} */ error) => sendError(req, res, error.statusCode ?? 500, policy))
    .pipe(res);
}
