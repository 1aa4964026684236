/**
 * Serves the prerendered pages and static files of dist/client: the file or its Markdown twin, in
 * the coding the client accepts (a sibling precompressed at build time), from an answer prepared
 * once (file-cache.ts); ranges, the other conditionals and files over 1 MB through `send`.
 */
import { statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { contentType } from 'mime-types';
import send from 'send';
import type { WorkerCache } from '../src/api/cache-kinds.ts';
import type * as Bundle from '../src/integrations/server-bundle.ts';
import type { Coding } from '../src/api/codings.ts';
import { chooseCoding, CODINGS } from './content-coding.ts';
import { sendError } from './error-response.ts';
import { fileValidators, needsSend, preparedFile, sendPrepared } from './file-cache.ts';
import { prefersMarkdown, twinLinks, twinOf } from './markdown-negotiation.ts';

/** The build's response policy and twin URL rule, as the file sender reads them. */
type FilePolicy = import('./error-response.ts').Policy &
  Pick<
    typeof Bundle,
    'fileKind' | 'securityHeadersFor' | 'contentLanguageOf' | 'twinPath' | 'API_CATALOG_PATH' | 'CORS_HEADERS' | 'FILE_MEDIA_TYPES'
  >;

/**
 * Decodes a request path strictly; undefined when it is malformed or tries to leave the site root,
 * so such a path is never looked up on disk.
 */
export function safePath(rawPath: string): string | undefined {
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
 * A stored file's type: the type of what it decodes to, for a precompressed sibling; a few files
 * have their own (the bare OpenAPI contract), named by path in the build.
 */
function typeOf(file: string, byPath: Readonly<Record<string, string>>): string {
  return byPath[file] ?? (contentType(file.slice(file.lastIndexOf('/') + 1)) || 'application/octet-stream');
}

/** One way of answering a request for a file: the file sent (itself, or a page's twin), and in each coding the file stored and its cache key. */
interface Variant {
  path: string;
  compressed: boolean;
  stored: Record<Coding, string>;
  keys: Record<Coding, string>;
}

/** The suffix of the file stored for each coding: the siblings src/integrations/precompress.ts writes. */
const SIBLING_SUFFIX: Readonly<Record<Coding, string>> = { br: '.br', gzip: '.gz', identity: '' };
const eachCoding = (value: (coding: Coding) => string) =>
  Object.fromEntries(CODINGS.map((coding) => [coding, value(coding)])) as Record<Coding, string>;

/** The file sender of one build, whose files `index` lists; prepared answers are held in the worker's `cache`. */
export function createFileSender(clientDir: string, index: ReadonlySet<string>, policy: FilePolicy, cache: WorkerCache) {
  /** Request paths naming a file, spelled without escapes or doubled slashes: a few per file. */
  const fileByPath = new Map<string, string>();
  /** Each served file's own answer and, for a page, its twin's. */
  const variantsByFile = new Map<string, { own: Variant; twin: Variant | undefined }>();

  /** The file a decoded path names: itself, or the index.html of its folder. */
  const fileAt = (path: string) => {
    if (path.endsWith('/')) return index.has(`${path}index.html`) ? `${path}index.html` : undefined;
    if (index.has(path)) return path;
    return index.has(`${path}/index.html`) ? `${path}/index.html` : undefined;
  };

  /** `path` sent for a request of `file`, with its cache keys, made once per file rather than per request. */
  const variant = (file: string, path: string): Variant => {
    const stored = eachCoding((coding) => `${path}${SIBLING_SUFFIX[coding]}`);
    const keys = eachCoding((coding) => cache.key(cache.kinds.file, null, file, stored[coding]));
    return { path, compressed: index.has(stored.br) && index.has(stored.gzip), stored, keys };
  };

  const variantsOf = (file: string) => {
    let variants = variantsByFile.get(file);
    if (!variants) {
      const twin = twinOf(file, (path) => index.has(path), policy.twinPath);
      variants = { own: variant(file, file), twin: twin === undefined ? undefined : variant(file, twin) };
      variantsByFile.set(file, variants);
    }
    return variants;
  };

  /** Every header of `file`'s answer but its validators and length, when `sent` goes out in `coding`. */
  const policyHeaders = (file: string, twin: string | undefined, sent: Variant, coding: Coding) => {
    const headers: Record<string, string> = {
      ...policy.securityHeadersFor(file),
      // Every file is public and read-only: an app on another origin may read it as it reads the API.
      ...policy.CORS_HEADERS,
      'Cache-Control': policy.CACHE_CONTROL[policy.fileKind(sent.path)],
    };
    // The same URL in several representations: caches key on what chose between them.
    const vary = [...(twin ? ['Accept'] : []), ...(sent.compressed ? ['Accept-Encoding'] : [])];
    if (vary.length > 0) headers['Vary'] = vary.join(', ');
    if (twin) headers['Link'] = twinLinks(twin, policy.API_CATALOG_PATH);
    if (coding !== 'identity') headers['Content-Encoding'] = coding;
    headers['Content-Type'] = typeOf(sent.path, policy.FILE_MEDIA_TYPES);
    const language = policy.contentLanguageOf(sent.path);
    if (language !== undefined) headers['Content-Language'] = language;
    return headers;
  };

  return {
    /** The file a request path names, or undefined when dist/client has none (or the path is malformed or leaves the root). */
    fileFor(rawPath: string): string | undefined {
      const known = fileByPath.get(rawPath);
      if (known !== undefined) return known;
      const path = safePath(rawPath);
      if (path === undefined) return undefined;
      // As a file-system lookup would: `//about` is `/about`.
      const file = fileAt(path.includes('//') ? path.replace(/\/{2,}/g, '/') : path);
      // Only plain spellings are remembered, so clients cannot grow the map.
      if (file !== undefined && path === rawPath && !rawPath.includes('//')) fileByPath.set(rawPath, file);
      return file;
    },

    /** Answers a GET or HEAD of `file` (from fileFor); a refusal of `send` (412, 416) or a failure goes out as an error. */
    send(req: IncomingMessage, res: ServerResponse, file: string): void {
      const { own, twin } = variantsOf(file);
      const sent = twin !== undefined && prefersMarkdown(req) ? twin : own;
      const coding = sent.compressed ? chooseCoding(req.headers['accept-encoding']) : 'identity';
      const headers = () => policyHeaders(file, twin?.path, sent, coding);
      const stored = sent.stored[coding];
      const prepared = needsSend(req) ? undefined : preparedFile(cache, clientDir, stored, sent.keys[coding], headers);
      if (prepared) return sendPrepared(req, res, prepared);
      // `send` reads the ETag set here for If-Match and If-Range: nginx's, as prepared answers carry.
      const fields = { ...headers(), ...fileValidators(statSync(join(clientDir, stored))) };
      for (const [name, value] of Object.entries(fields)) res.setHeader(name, value);
      // `send` would answer 200 to If-None-Match beside `Cache-Control: no-cache`, which is addressed
      // to caches: it evaluates the conditionals here as everywhere (file-cache.ts's clientCopyIsCurrent).
      delete req.headers['cache-control'];
      // A weak validator never matches If-Range (RFC 9110 §13.1.5): the whole file, as nginx sends it.
      if (/^\s*W\//.test(String(req.headers['if-range'] ?? ''))) delete req.headers.range;
      send(req, stored, { root: clientDir, dotfiles: 'deny', index: false, cacheControl: false, etag: false, lastModified: false })
        .on('error', (error: { statusCode?: number; headers?: Record<string, string> }) =>
          // A 416 says how long the file is (Content-Range: bytes */N), as RFC 9110 §15.5.17 asks.
          sendError(req, res, error.statusCode ?? 500, policy, error.statusCode === 416 ? error.headers : undefined),
        )
        .pipe(res);
    },
  };
}
