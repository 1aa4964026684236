/**
 * The one response policy: which security, cache and CORS headers a response carries, by its kind
 * (a 2xx/304 API envelope, a content-hashed asset, any other file, an error). The API and the
 * production server both read it here, so a CDN in front sees one consistent set of rules.
 */

import { basePath, localeOfPath } from '../routes/locale-paths.ts';
import { SEARCH_INDEX_FOLDER, utilityPage } from '../site/pages.ts';

/**
 * Files named after a hash of their content: Astro's assets and the search index's fragments, word
 * indexes, filters and metadata; the index's script, worker, WebAssembly and entry file revalidate.
 */
const CONTENT_HASHED = new RegExp(`^/(?:_astro/|${SEARCH_INDEX_FOLDER}/.*\\.pf_(?:fragment|index|filter|meta)$)`);

/** Cache-Control by response kind: an API answer revalidates with its ETag; a shared cache must not replay a refusal. */
export const CACHE_CONTROL = {
  api: 'no-cache',
  asset: 'public, max-age=31536000, immutable',
  file: 'public, max-age=0, must-revalidate',
  error: 'no-store',
} as const;

/** The kind of a successful file response, by its site path. */
export function fileKind(path: string): 'asset' | 'file' {
  return CONTENT_HASHED.test(path) ? 'asset' : 'file';
}

/** The search page, whose script runs Pagefind's WebAssembly (in the page and in its worker). */
const SEARCH_PAGE = utilityPage('/search/').path;

/**
 * Scripts and styles only from this origin, as files: no inline script or style, no eval. Compiling
 * WebAssembly ('wasm-unsafe-eval', not JavaScript eval) is allowed only where search runs.
 */
function contentSecurityPolicy(styleAttributes: boolean, wasm = false): string {
  return [
    "default-src 'self'",
    wasm ? "script-src 'self' 'wasm-unsafe-eval'" : "script-src 'self'",
    "style-src 'self'",
    // Swagger UI sets style="" from script; that page alone may, and still no <style> element.
    ...(styleAttributes ? ["style-src-attr 'unsafe-inline'"] : []),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers every response carries, pages, files, errors and API alike. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': contentSecurityPolicy(false),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** The security headers of the API reference page (and what lies under it). */
const STYLE_ATTRIBUTE_HEADERS = { ...SECURITY_HEADERS, 'Content-Security-Policy': contentSecurityPolicy(true) };

/** The security headers of the search page and its index. */
const SEARCH_HEADERS = { ...SECURITY_HEADERS, 'Content-Security-Policy': contentSecurityPolicy(false, true) };

/** Security headers for a site path (normalized, see request-target.ts), the same in every language. */
export function securityHeadersFor(path: string): Readonly<Record<string, string>> {
  const page = basePath(path);
  if (page.startsWith('/openapi/')) return STYLE_ATTRIBUTE_HEADERS;
  const search = page.startsWith(SEARCH_PAGE) || page === SEARCH_PAGE.slice(0, -1) || page.startsWith(`/${SEARCH_INDEX_FOLDER}/`);
  return search ? SEARCH_HEADERS : SECURITY_HEADERS;
}

/** The Content-Language of a file: a page or its Markdown twin is in its path's language, other files have none. */
export function contentLanguageOf(file: string): string | undefined {
  return /\.(?:html|md)$/.test(file) ? localeOfPath(file) : undefined;
}

/** Response headers a cross-origin script may read beyond the safelisted ones: ours, the rate limit's, a deprecation's. */
export const EXPOSED_HEADERS = 'X-Request-Id, ETag, Link, RateLimit, RateLimit-Policy, Retry-After, Deprecation, Sunset';

/** The methods of the whole site, API and files alike: it is read-only. */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** Open CORS for every read, API or file: nothing here is private and no request carries credentials, so `*`. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': EXPOSED_HEADERS,
};

/**
 * The answer to a CORS preflight (OPTIONS) of any read-only URL: a script that sets If-None-Match,
 * If-Modified-Since or X-Request-Id (none is CORS-safelisted) asks first; a day's Max-Age spares it the repeat.
 */
export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...CORS_HEADERS,
  Allow: ALLOWED_METHODS,
  'Access-Control-Allow-Methods': ALLOWED_METHODS,
  'Access-Control-Allow-Headers': 'X-Request-Id, If-None-Match, If-Modified-Since',
  'Access-Control-Max-Age': '86400',
};

/** Headers of every API response: JSON, its request id, open CORS for reads. */
export function apiHeaders(requestId: string, status: number): Record<string, string> {
  return {
    'Content-Type': 'application/json; charset=utf-8',
    'X-Request-Id': requestId,
    ...CORS_HEADERS,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': CACHE_CONTROL[status >= 400 ? 'error' : 'api'],
  };
}

/** Headers that describe a file's representation; a 4xx or 5xx about that file must not carry them. */
export const REPRESENTATION_HEADERS: readonly string[] = [
  'Content-Encoding',
  'Content-Type',
  'Content-Length',
  'Content-Range',
  'Content-Language',
  'ETag',
  'Last-Modified',
  'Accept-Ranges',
  'Vary',
];
