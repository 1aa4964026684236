/**
 * Answers of dist/client files, prepared on their first request: the body and every header of its
 * 200 and its 304, so a plain GET or HEAD costs one writeHead and no file-system call. A build never
 * changes under a running worker, so entries never go stale; files over 1 MB are never held.
 */
import { readFileSync, statSync, type Stats } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import fresh from 'fresh';
import type { WorkerCache } from '../src/api/cache-kinds.ts';

const MAX_FILE_BYTES = 1024 * 1024;

/** Fields of a representation, which a 304 leaves out (as `send` does). */
const CONTENT_FIELDS = new Set(['Content-Encoding', 'Content-Type', 'Content-Length']);

/** A file's prepared answer; each header list is writeHead's flat [name, value, …] list (no object to walk). */
interface PreparedFile {
  body: Buffer;
  ok: string[];
  notModified: string[];
  validators: { etag: string; 'last-modified': string };
  heldBytes(): number;
}

/** Requests `send` must answer: ranges and the conditionals other than If-None-Match / If-Modified-Since. */
const NEEDS_SEND = ['range', 'if-range', 'if-match', 'if-unmodified-since'];

/** Whether a request must go to `send` rather than a prepared answer. */
export function needsSend(req: IncomingMessage): boolean {
  return NEEDS_SEND.some((name) => req.headers[name] !== undefined);
}

/**
 * A file's validators as nginx writes them (ETag of mtime and size in hex, Last-Modified): with
 * mtimes from git (src/integrations/file-dates.ts), every replica, nginx and `send` agree.
 */
export function fileValidators(stat: Stats) {
  const seconds = Math.floor(stat.mtimeMs / 1000);
  return {
    'Accept-Ranges': 'bytes',
    'Last-Modified': stat.mtime.toUTCString(),
    ETag: `"${seconds.toString(16)}-${stat.size.toString(16)}"`,
  };
}

/**
 * The prepared answer of `stored` (a site path in clientDir) under `key` (one per URL's file and
 * stored file, whose headers differ); undefined when too large to hold. `policyHeaders`: every
 * header but the validators and the length.
 */
export function preparedFile(
  cache: WorkerCache,
  clientDir: string,
  stored: string,
  key: string,
  policyHeaders: () => Record<string, string>,
): PreparedFile | undefined {
  const kind = cache.kinds.file;
  let entry = cache.get(kind, key) as PreparedFile | undefined;
  if (!entry) {
    const path = join(clientDir, stored);
    const stat = statSync(path);
    if (stat.size > MAX_FILE_BYTES) return undefined;
    const body = readFileSync(path);
    const fields = { ...policyHeaders(), ...fileValidators(stat), 'Content-Length': String(body.length) };
    const ok = Object.entries(fields).flat();
    const notModified = Object.entries(fields)
      .filter(([name]) => !CONTENT_FIELDS.has(name))
      .flat();
    // Header names and values are Latin-1, a byte a character, plus a slot each and the two lists.
    const held = [...ok, ...notModified].reduce((bytes, text) => bytes + text.length + 8, body.length + 128);
    const validators = { etag: fields.ETag, 'last-modified': fields['Last-Modified'] };
    entry = { body, ok, notModified, validators, heldBytes: () => held };
    cache.set(kind, key, entry);
  }
  return entry;
}

/**
 * Whether the client's copy is current: If-None-Match (else If-Modified-Since) against `validators`,
 * whatever Cache-Control says: `no-cache` is addressed to caches (RFC 9111 §5.2.1.4), not to the
 * origin (RFC 9110 §13.1.2), so `fresh`, which would answer 200 to it, sees only the conditionals.
 */
export function clientCopyIsCurrent(headers: IncomingHttpHeaders, validators: { etag: string; 'last-modified'?: string }): boolean {
  return fresh({ 'if-none-match': headers['if-none-match'], 'if-modified-since': headers['if-modified-since'] }, validators);
}

/** Answers a GET or HEAD from a prepared answer: 304 when the client's copy is fresh, else 200. */
export function sendPrepared(req: IncomingMessage, res: ServerResponse, entry: PreparedFile): void {
  if (clientCopyIsCurrent(req.headers, entry.validators)) {
    res.writeHead(304, entry.notModified).end();
    return;
  }
  res.writeHead(200, entry.ok).end(req.method === 'HEAD' ? undefined : entry.body);
}
