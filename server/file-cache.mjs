// @ts-check
/**
 * Files of dist/client held in memory after their first request, with the headers `send` would
 * give them (same ETag and Last-Modified, from the same `etag` package), so a plain GET or HEAD of
 * a page or asset costs no file-system call. A build never changes under a running worker (a new
 * build is a new worker, see server/primary.mjs), so entries never go stale. Bounded: files over
 * 1 MB are never held, and the least recently used go once the total passes 64 MB.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import etag from 'etag';
import fresh from 'fresh';
import { LRUCache } from 'lru-cache';
import { contentType } from 'mime-types';

const MAX_FILE_BYTES = 1024 * 1024;
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;

/** @typedef {{ body: Buffer, headers: Record<string, string> }} CachedFile */

/** Lookups and evictions since the process started, for the metrics (server/metrics.mjs). */
const counts = { hits: 0, misses: 0, evictions: 0 };

/** @type {LRUCache<string, CachedFile>} */
const files = new LRUCache({
  maxSize: MAX_TOTAL_BYTES,
  sizeCalculation: (entry) => entry.body.length + 256,
  disposeAfter: (_entry, _key, reason) => {
    if (reason === 'evict') counts.evictions += 1;
  },
});

/** What the cache holds against its budget, and how it has been used. */
export function fileCacheStats() {
  return { bytes: files.calculatedSize, budgetBytes: MAX_TOTAL_BYTES, ...counts };
}

/** Requests `send` must answer itself: ranges and the conditionals other than If-None-Match / If-Modified-Since. */
const NEEDS_SEND = ['range', 'if-range', 'if-match', 'if-unmodified-since'];

/**
 * The file at `path` (relative to clientDir), read and described once; undefined when too large.
 * @param {string} clientDir
 * @param {string} path
 */
function load(clientDir, path) {
  const key = join(clientDir, path);
  let entry = files.get(key);
  counts[entry ? 'hits' : 'misses'] += 1;
  if (!entry) {
    const stat = statSync(key);
    if (stat.size > MAX_FILE_BYTES) return undefined;
    entry = {
      body: readFileSync(key),
      headers: {
        'Accept-Ranges': 'bytes',
        'Last-Modified': stat.mtime.toUTCString(),
        ETag: etag(stat),
        'Content-Type': contentType(path.slice(path.lastIndexOf('/') + 1)) || 'application/octet-stream',
      },
    };
    files.set(key, entry);
  }
  return entry;
}

/**
 * Answers a GET or HEAD of `path` from memory; false when `send` should answer instead (a range
 * or another conditional, a write method, a large file). Headers already set on `res` (Cache-Control,
 * Vary, Content-Encoding, a Content-Type) are kept.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} clientDir
 * @param {string} path
 * @returns {boolean}
 */
export function sendCachedFile(req, res, clientDir, path) {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || NEEDS_SEND.some((name) => req.headers[name] !== undefined)) return false;
  const entry = load(clientDir, path);
  if (!entry) return false;
  for (const [name, value] of Object.entries(entry.headers)) if (!res.hasHeader(name)) res.setHeader(name, value);
  if (fresh(req.headers, { etag: entry.headers['ETag'], 'last-modified': entry.headers['Last-Modified'] })) {
    // As send does: a 304 carries the validators, not the representation's Content-* fields.
    for (const name of ['Content-Encoding', 'Content-Type', 'Content-Length']) res.removeHeader(name);
    res.writeHead(304).end();
    return true;
  }
  res.setHeader('Content-Length', String(entry.body.length));
  res.writeHead(200);
  res.end(req.method === 'HEAD' ? undefined : entry.body);
  return true;
}
