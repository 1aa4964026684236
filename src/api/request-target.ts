/**
 * The one parser of HTTP request-targets (RFC 9112 section 3.2). Dev endpoints, the production
 * server and the tests all split a target here, and nowhere else. The path comes out normalized
 * once, so every later decision (is it the API? which route? which file? what Astro sees?) is made
 * on the same spelling: `/%61pi//projects/./`, `//api/projects` and `/api/../api/projects` are all
 * `/api/projects`.
 */

/** A request-target split into its normalized path and the query without its `?`. */
export interface RequestTarget {
  /**
   * Normalized (RFC 3986 section 6.2.2): escapes of unreserved characters decoded, other escapes
   * upper-cased, `\` read as `/` and runs of `/` folded (as WHATWG URL and most proxies do), dot
   * segments removed, and what a URL may not hold raw percent-encoded. A fixed point: parsing it
   * again, or reading it through `new URL(origin + path)`, gives it back unchanged.
   */
  path: string;
  /** The query string without the leading `?`; empty when there is none. */
  search: string;
}

/** A path that is already normal: segments of safe characters, none empty, none starting with a dot. */
const ALREADY_NORMAL = /^(?:\/[\w\-~!$&'()*+,;=:@][\w.\-~!$&'()*+,;=:@]*)*\/?$/;
/** Unreserved characters (RFC 3986 section 2.3): their escapes mean the character itself. */
const UNRESERVED = /^[\w.~-]$/;
/** Only the path of this base is used; it makes `new URL` remove dot segments and escape what needs it. */
const PATH_BASE = 'http://path.invalid';

/** The normal form of a path (see RequestTarget.path). */
export function normalizePath(raw: string): string {
  if (ALREADY_NORMAL.test(raw)) return raw;
  // A fragment is never part of a request; a raw `#` would end the path for any URL parser after us.
  const hash = raw.indexOf('#');
  let path = (hash === -1 ? raw : raw.slice(0, hash)).replaceAll('\\', '/');
  path = path.replace(/%([0-9A-Fa-f]{2})/g, (_escape, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : `%${hex.toUpperCase()}`;
  });
  path = `/${path}`.replace(/\/{2,}/g, '/');
  return new URL(path, PATH_BASE).pathname;
}

/**
 * Why a target is refused with 400 before anything reads it, or undefined when it is not. These are
 * the targets nginx refuses itself or reads otherwise than `normalizePath`, so that the server and
 * nginx in front of it agree on every spelling: no path answered as the API or MCP directly can
 * reach nginx's catch-all location, unlimited. A backslash (nginx keeps it as a plain character
 * where a URL parser reads `/`), an encoded NUL, a dot segment that climbs above the root (nginx
 * decodes `%2E` and `%2F` first), and a target that is neither origin-form nor absolute-form.
 */
export function targetRefusal(target: string): string | undefined {
  if (target.startsWith('/')) {
    if (ALREADY_NORMAL.test(target)) return undefined;
  } else if (!/^https?:\/\//i.test(target)) return 'A request target starts with "/" (or is an absolute http URL).';
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  if (path.includes('\\')) return 'A request target may not hold a backslash: send "/" or %5C.';
  if (/%00/.test(path)) return 'A request target may not hold an encoded NUL (%00).';
  let depth = 0;
  for (const segment of path.replace(/%2f/gi, '/').replace(/%2e/gi, '.').split('/').slice(1)) {
    if (segment === '..') depth -= 1;
    else if (segment !== '' && segment !== '.') depth += 1;
    if (depth < 0) return 'A request target may not climb above the root with "..".';
  }
  return undefined;
}

/** Splits an origin-form target at its first `?`. */
function splitOriginForm(target: string): RequestTarget {
  const questionMark = target.indexOf('?');
  return questionMark === -1
    ? { path: normalizePath(target), search: '' }
    : { path: normalizePath(target.slice(0, questionMark)), search: target.slice(questionMark + 1) };
}

/**
 * Parses a request-target: origin-form (`/api/projects?q=x`); absolute-form
 * (`http://host/api/projects?q=x`, which servers must accept, and the URL Astro hands its
 * endpoints) through the WHATWG URL parser; anything else (asterisk-form) as a relative path.
 */
export function parseTarget(target: string): RequestTarget {
  if (target.startsWith('/')) return splitOriginForm(target);
  try {
    const url = new URL(target);
    return { path: normalizePath(url.pathname), search: url.search.slice(1) };
  } catch {
    return splitOriginForm(`/${target}`);
  }
}
