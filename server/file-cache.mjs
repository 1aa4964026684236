// @ts-check
/**
 * Files of dist/client held in memory after their first request, with the headers `send` would
 * give them (same ETag and Last-Modified, from the same `etag` package), so a plain GET or HEAD of
 * a page or asset costs no file-system call. A build never changes under a running worker (a new
 * build is a new worker, see server/primary.mjs), so entries never go stale. Bounded: files over
 * 1 MB are never held, and the entries live in the worker's one byte budget (src/api/byte-cache.ts,
 * handed over by load-build.mjs) beside the API's payloads.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import etag from 'etag';
import fresh from 'fresh';
import { contentType } from 'mime-types';

const MAX_FILE_BYTES = 1024 * 1024;

/** @typedef {{ body: Buffer, headers: Record<string, string>, heldBytes: () => number }} CachedFile */

/** @type {import('../src/api/byte-cache.ts').ByteCache | undefined} the worker's budget, once a build is loaded */
let files;

/** Keeps files in `budget`, the one the build's API keeps its payloads in. @param {import('../src/api/byte-cache.ts').ByteCache} budget */
export function useCacheBudget(budget) {
  files = budget;
}

/** The characters of a file's header values (Latin-1: one byte each) and the record holding them. @param {Record<string, string>} headers */
function headerBytes(headers) {
  let bytes = 64;
  for (const value of Object.values(headers)) bytes += value.length + 16;
  return bytes;
}

/** Requests `send` must answer itself: ranges and the conditionals other than If-None-Match / If-Modified-Since. */
const NEEDS_SEND = ['range', 'if-range', 'if-match', 'if-unmodified-since'];

/**
 * The file at `path` (relative to clientDir), read and described once; undefined when too large.
 * @param {string} clientDir
 * @param {string} path
 */
function load(clientDir, path) {
  if (!files) return undefined;
  const key = join(clientDir, path);
  /** @type {CachedFile | undefined} */
  let entry = files.get('file', key);
  if (!entry) {
    const stat = statSync(key);
    if (stat.size > MAX_FILE_BYTES) return undefined;
    const body = readFileSync(key);
    /** @type {Record<string, string>} */
    const headers = {
      'Accept-Ranges': 'bytes',
      'Last-Modified': stat.mtime.toUTCString(),
      ETag: etag(stat),
      'Content-Type': contentType(path.slice(path.lastIndexOf('/') + 1)) || 'application/octet-stream',
    };
    const held = body.length + headerBytes(headers);
    entry = { body, headers, heldBytes: () => held };
    files.set('file', key, entry);
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
