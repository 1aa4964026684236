/**
 * The one response policy, on site paths typed here: which files are content-hashed (cached for a
 * year), which pages may set style attributes or compile WebAssembly, and the base headers of an
 * API answer by status. The loopback suites check the same headers on the built server.
 */
import { describe, expect, it } from 'vitest';
import {
  apiHeaders,
  CACHE_CONTROL,
  EXPOSED_HEADERS,
  fileKind,
  SECURITY_HEADERS,
  securityHeadersFor,
} from '../../src/api/response-policy.ts';

const BASE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; " +
  "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
const STYLE_CSP = BASE_CSP.replace("style-src 'self'", "style-src 'self'; style-src-attr 'unsafe-inline'");
const WASM_CSP = BASE_CSP.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'");

describe('fileKind', () => {
  it.each([
    ['/_astro/index.B2x9.js', 'asset'],
    ['/_astro/fonts/a.woff2', 'asset'],
    ['/pagefind/fragment/en_1a2b.pf_fragment', 'asset'],
    ['/pagefind/index/en_1a2b.pf_index', 'asset'],
    ['/pagefind/filter/en_1a2b.pf_filter', 'asset'],
    ['/pagefind/pagefind.en_1a2b.pf_meta', 'asset'],
    ['/pagefind/pagefind.js', 'file'],
    ['/pagefind/pagefind-entry.json', 'file'],
    ['/pagefind/fragment/en_1a2b.pf_fragment.bak', 'file'],
    ['/docs/_astro/index.js', 'file'],
    ['/index.html', 'file'],
    ['/', 'file'],
  ])('%s is %s', (path, kind) => {
    expect(fileKind(path)).toBe(kind);
  });
});

describe('securityHeadersFor', () => {
  it.each([
    ['/', BASE_CSP],
    ['/projects/', BASE_CSP],
    ['/openapi/', STYLE_CSP],
    ['/openapi/swagger-ui.css', STYLE_CSP],
    ['/openapi', BASE_CSP],
    ['/search/', WASM_CSP],
    ['/search', WASM_CSP],
    ['/search/index.html', WASM_CSP],
    ['/searching/', BASE_CSP],
    ['/pagefind/pagefind.js', WASM_CSP],
    ['/pagefind', BASE_CSP],
  ])('%s: %s', (path, csp) => {
    const headers = securityHeadersFor(path);
    expect(headers['Content-Security-Policy']).toBe(csp);
    expect({ ...headers, 'Content-Security-Policy': '' }).toEqual({ ...SECURITY_HEADERS, 'Content-Security-Policy': '' });
  });

  it('sends the same base headers everywhere', () => {
    expect(SECURITY_HEADERS).toEqual({
      'Content-Security-Policy': BASE_CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy':
        'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()',
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
  });
});

describe('apiHeaders', () => {
  it.each([
    [200, 'no-cache'],
    [304, 'no-cache'],
    [399, 'no-cache'],
    [400, 'no-store'],
    [500, 'no-store'],
  ])('status %i is %s', (status, cacheControl) => {
    expect(apiHeaders('req-1', status)).toEqual({
      'Content-Type': 'application/json; charset=utf-8',
      'X-Request-Id': 'req-1',
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': 'X-Request-Id, ETag, Link, RateLimit, RateLimit-Policy, Retry-After, Deprecation, Sunset',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': cacheControl,
    });
  });

  it('the cache policy by kind', () => {
    expect(CACHE_CONTROL).toEqual({
      api: 'no-cache',
      asset: 'public, max-age=31536000, immutable',
      file: 'public, max-age=0, must-revalidate',
      error: 'no-store',
    });
    expect(EXPOSED_HEADERS).toBe('X-Request-Id, ETag, Link, RateLimit, RateLimit-Policy, Retry-After, Deprecation, Sunset');
  });
});
