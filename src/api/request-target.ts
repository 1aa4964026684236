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
