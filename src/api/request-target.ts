/**
 * The one parser of HTTP request-targets (RFC 9112 section 3.2). Dev endpoints, the production
 * server and the tests all split a target here, and nowhere else.
 */

/** A request-target split into the path as received and the query without its `?`. */
export interface RequestTarget {
  /** Exactly as the client sent it in origin-form: no dot-segment removal, no re-encoding. */
  path: string;
  /** The query string without the leading `?`; empty when there is none. */
  search: string;
}

/** Splits an origin-form target at its first `?`. */
function splitOriginForm(target: string): RequestTarget {
  const questionMark = target.indexOf('?');
  return questionMark === -1
    ? { path: target, search: '' }
    : { path: target.slice(0, questionMark), search: target.slice(questionMark + 1) };
}

/**
 * Parses a request-target: origin-form (`/api/projects?q=x`) as received; absolute-form
 * (`http://host/api/projects?q=x`, which servers must accept, and the URL Astro hands its
 * endpoints) through the WHATWG URL parser; anything else (asterisk-form) as a relative path.
 */
export function parseTarget(target: string): RequestTarget {
  if (target.startsWith('/')) return splitOriginForm(target);
  try {
    const url = new URL(target);
    return { path: url.pathname, search: url.search.slice(1) };
  } catch {
    return splitOriginForm(`/${target}`);
  }
}
