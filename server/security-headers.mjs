// @ts-check
/** Headers every response carries, pages, static files and API alike. */

/**
 * Scripts only from this origin (no inline, no eval). Inline styles are allowed because the
 * docs UI sets style attributes from script; our own CSS ships as files.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** @type {Readonly<Record<string, string>>} */
export const SECURITY_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/*
 * Search (issue 21), kept apart for the response-policy work: Pagefind compiles its WebAssembly in
 * the search page and in its worker, which CSP allows only with 'wasm-unsafe-eval' (no JavaScript
 * eval). Only the search page and the index folder (which holds the worker) get it. The paths are
 * SEARCH_PAGE and SEARCH_INDEX_FOLDER of src/site/pages.ts, which the server cannot import;
 * tests/server/search-files.loopback.test.ts holds them together.
 */
export const SEARCH_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'");

/**
 * Whether a file of dist/client runs Pagefind's WebAssembly: the search page and the index folder.
 * @param {string} file path under dist/client, with a leading slash
 */
export function runsSearchWasm(file) {
  return file === '/search/index.html' || file.startsWith('/pagefind/');
}
