// @ts-check
/**
 * Serves the prerendered pages and static files of dist/client with `send`, from the .br or .gz
 * sibling written at build time (src/integrations/precompress.ts) when the client accepts it
 * (content-coding.mjs decides).
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { contentType } from 'mime-types';
import send from 'send';
import { chooseCoding, SIBLING_SUFFIX } from './content-coding.mjs';
import { sendError } from './error-response.mjs';
import { sendCachedFile } from './file-cache.mjs';

/**
 * Every file of a client folder, as `/`-prefixed paths, listed once per process: a build never
 * changes under a running worker (a new build is a new worker), so a request path is looked up in
 * memory, with no file-system call. Its size is the build's, not the traffic's.
 * @type {Map<string, Set<string>>}
 */
const fileIndexes = new Map();

/** @param {string} clientDir */
function fileIndex(clientDir) {
  let index = fileIndexes.get(clientDir);
  if (!index) {
    index = new Set();
    for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) index.add(`/${relative(clientDir, join(entry.parentPath, entry.name)).split(sep).join('/')}`);
    }
    fileIndexes.set(clientDir, index);
  }
  return index;
}

/** Whether dist/client holds `file` (a site path), from the index. @param {string} clientDir @param {string} file */
export function isClientFile(clientDir, file) {
  return fileIndex(clientDir).has(file);
}

/** Whether a file has both precompressed siblings. @param {string} clientDir @param {string} file */
function siblingsExist(clientDir, file) {
  const index = fileIndex(clientDir);
  return index.has(`${file}${SIBLING_SUFFIX.br}`) && index.has(`${file}${SIBLING_SUFFIX.gzip}`);
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
 * @param {string} rawPathname decoded, already checked for traversal
 */
export function staticFileFor(clientDir, rawPathname) {
  const index = fileIndex(clientDir);
  // As a file-system lookup would: `//about` is `/about`.
  const pathname = rawPathname.includes('//') ? rawPathname.replace(/\/{2,}/g, '/') : rawPathname;
  if (pathname.endsWith('/')) return index.has(`${pathname}index.html`) ? `${pathname}index.html` : undefined;
  if (index.has(pathname)) return pathname;
  return index.has(`${pathname}/index.html`) ? `${pathname}/index.html` : undefined;
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
    const coding = chooseCoding(req.headers['accept-encoding']);
    if (coding !== 'identity') {
      sent = `${file}${SIBLING_SUFFIX[coding]}`;
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
