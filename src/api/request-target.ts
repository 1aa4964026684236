/**
 * The one parser of HTTP request-targets (RFC 9112 section 3.2): the path comes out normalized once,
 * so every later decision is made on one spelling (`/%61pi//projects/./` is `/api/projects`).
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
  /** Why the server refuses the target with 400 before anything reads it (see refusalOf). */
  refusal?: string | undefined;
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
  let path = withoutFragment(raw).replaceAll('\\', '/');
  path = path.replace(/%([0-9A-Fa-f]{2})/g, (_escape, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : `%${hex.toUpperCase()}`;
  });
  return new URL(`/${path}`.replace(/\/{2,}/g, '/'), PATH_BASE).pathname;
}

const withoutFragment = (raw: string) => raw.split('#', 1)[0] ?? raw;

/**
 * Why a target's path (before its `?`) is refused with 400: the targets nginx refuses or reads
 * otherwise than `normalizePath` (a backslash, an encoded NUL, a dot segment above the root once
 * `%2E` and `%2F` are decoded), so no API or MCP path can reach nginx's catch-all location, unlimited.
 */
function refusalOf(raw: string): string | undefined {
  const path = withoutFragment(raw);
  if (path.includes('\\')) return 'A request target may not hold a backslash: send "/" or %5C.';
  if (path.includes('%00')) return 'A request target may not hold an encoded NUL (%00).';
  let depth = 0;
  for (const segment of path.replace(/%2f/gi, '/').replace(/%2e/gi, '.').split('/').slice(1)) {
    if (segment === '..') depth -= 1;
    else if (segment !== '' && segment !== '.') depth += 1;
    if (depth < 0) return 'A request target may not climb above the root with "..".';
  }
  return undefined;
}

/** Splits an origin-form target at its first `?`; an already normal path costs one test. */
function splitOriginForm(target: string, refusal?: string): RequestTarget {
  const questionMark = target.indexOf('?');
  const raw = questionMark === -1 ? target : target.slice(0, questionMark);
  const search = questionMark === -1 ? '' : target.slice(questionMark + 1);
  if (ALREADY_NORMAL.test(raw)) return { path: raw, search, refusal };
  return { path: normalizePath(raw), search, refusal: refusal ?? refusalOf(raw) };
}

/**
 * Parses a request-target, origin-form or absolute-form (which servers must accept, and Astro hands
 * its endpoints); anything else (asterisk-form, a path without its `/`) is refused, and read as a path.
 */
export function parseTarget(target: string): RequestTarget {
  if (target.startsWith('/')) return splitOriginForm(target);
  if (!/^https?:\/\//i.test(target)) return splitOriginForm(`/${target}`, 'A request target starts with "/" (or is an absolute http URL).');
  const refusal = refusalOf(target.split('?', 1)[0] ?? target);
  try {
    const url = new URL(target);
    return { path: normalizePath(url.pathname), search: url.search.slice(1), refusal };
  } catch {
    return splitOriginForm(`/${target}`, refusal);
  }
}
