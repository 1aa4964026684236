/** Assertions on the security headers every response of the production server carries. */
import { expect } from 'vitest';

/** A Content-Security-Policy split into directive → sources. */
export function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** CSP (self only, no objects, no framing, no eval), nosniff, referrer and permissions policies. */
export function expectSecurityHeaders(headers: Headers, where: string): void {
  const csp = headers.get('content-security-policy');
  expect(csp, `${where}: Content-Security-Policy`).toBeTruthy();
  const directives = parseCsp(csp ?? '');
  expect(directives.get('default-src'), where).toEqual(["'self'"]);
  expect(directives.get('object-src'), where).toEqual(["'none'"]);
  expect(directives.get('base-uri'), where).toEqual(["'self'"]);
  expect(directives.get('frame-ancestors'), where).toEqual(["'none'"]);
  expect(csp, where).not.toContain('unsafe-eval');
  // Scripts only from this origin: no inline script, no other host.
  expect(directives.get('script-src') ?? directives.get('default-src'), where).toEqual(["'self'"]);
  expect(headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
  expect(headers.get('permissions-policy'), where).toMatch(/camera=\(\)/);
  expect(headers.get('permissions-policy'), where).toMatch(/geolocation=\(\)/);
}
