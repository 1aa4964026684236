/**
 * Hostile input against the production server: every answer is a 4xx (never a 5xx), API answers
 * are JSON envelopes, and nothing leaks a stack trace, a file path or a project file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { MCP_PATH } from '../../src/routes/mcp-endpoint.ts';
import { apiUrl } from '../../src/routes/urls.ts';
import { bodyOf, expectEnvelope, LEAK, UUID, type ApiResult } from '../support/api-call.ts';
import { rawRequest, rawSocket, rawStatus } from '../support/raw-http.ts';

const baseUrl = inject('baseUrl');
const packageJson = readFileSync('package.json', 'utf8');

/** Asserts a client error that gives nothing away. */
function expectHarmless(result: ApiResult, label: string): void {
  expect(result.status, `${label}: ${result.text?.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(result.status, label).toBeLessThan(500);
  const text = result.text ?? '';
  expect(text, label).not.toMatch(LEAK);
  expect(text, label).not.toContain('"name": "studio-catalog"');
  expect(text, label).not.toContain(packageJson.slice(0, 60));
  expect(text, label).not.toMatch(/root:.*:0:0:/);
}

describe('hostile query strings and slugs on the API', () => {
  it.each([
    ['a NUL byte in q', '/api/projects?q=%00', 400, 'invalid_parameter'],
    ['a NUL byte inside q', '/api/discovery?q=api%00key', 400, 'invalid_parameter'],
    ['a NUL byte in a choice', '/api/projects?capability=api-design%00', 400, 'invalid_parameter'],
    // An encoded NUL in the path is refused as nginx refuses it (src/api/request-target.ts).
    ['a NUL byte in a slug', '/api/projects/%00', 400, 'invalid_request'],
    ['a NUL byte after a real slug', '/api/categories/public-apis%00', 400, 'invalid_request'],
    ['truncated UTF-8 in q', '/api/projects?q=%E0%A4%A', 400, 'invalid_parameter'],
    ['a bad escape in q', '/api/projects?q=%zz', 400, 'invalid_parameter'],
    ['a bad escape in a name', '/api/projects?%zz=1', 400, 'invalid_parameter'],
    ['a lone surrogate in q', '/api/projects?q=%ED%A0%80', 400, 'invalid_parameter'],
    ['truncated UTF-8 in a slug', '/api/projects/%E0%A4%A', 404, 'not_found'],
    ['a bad escape in a slug', '/api/projects/%zz', 404, 'not_found'],
    ['a bad escape in the path', '/api/%zz', 404, 'not_found'],
    ['a 5,000-character q', `/api/projects?q=${'a'.repeat(5000)}`, 400, 'too_long'],
    ['a 5,000-character choice', `/api/portfolio?stack=${'b'.repeat(5000)}`, 400, 'too_long'],
    ['an encoded traversal slug', '/api/projects/..%2F..%2Fpackage.json', 404, 'not_found'],
    // It climbs above the root once %2F is read as `/`, as nginx reads it: refused as nginx refuses it.
    ['a traversal to /etc/passwd', '/api/projects/..%2F..%2F..%2Fetc%2Fpasswd', 400, 'invalid_request'],
    ['a backslash traversal slug', '/api/stacks/..%5C..%5Cpackage.json', 404, 'not_found'],
    ['an encoded dot-dot slug', '/api/operations/%2e%2e%2f%2e%2e%2fpackage.json', 404, 'not_found'],
    ['a prototype name', '/api/projects/__proto__', 404, 'not_found'],
    ['a constructor parameter', '/api/projects?constructor=1', 400, 'unknown_parameter'],
    ['a CR/LF in q', '/api/projects?q=a%0D%0AX-Injected:%201', 400, 'invalid_parameter'],
  ] as const)('answers %s with a harmless 4xx envelope', async (label, path, status, code) => {
    const result = await rawRequest(baseUrl, path);
    expectHarmless(result, label);
    expect(result.status, label).toBe(status);
    const body = bodyOf(result);
    expect(body.error?.code, label).toBe(code);
    expect(body.payload).toBeNull();
    expect(result.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(result.headers.get('x-injected')).toBeNull();
  });

  it('answers a 20,000-character query with a 4xx from the HTTP layer', async () => {
    const result = await rawRequest(baseUrl, `/api/projects?q=${'c'.repeat(20_000)}`);
    expectHarmless(result, 'huge query');
  });

  it('answers a script in q as JSON data, never as markup', async () => {
    const result = await rawRequest(baseUrl, '/api/projects?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expectEnvelope(result, { status: 200, path: '/api/projects', query: { q: '<script>alert(1)</script>' } });
    expect(result.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('hostile headers', () => {
  it.each([
    ['a CR', 'abc\rdef'],
    ['an LF', 'abc\ndef'],
    ['a CR/LF and a line that is no header', 'abc\r\ndef'],
  ])('refuses an X-Request-Id with %s at the HTTP parser with a 400', async (_label, value) => {
    const answer = await rawSocket(
      baseUrl,
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: ${value}\r\nConnection: close\r\n\r\n`,
    );
    expect(rawStatus(answer), answer.slice(0, 200)).toBe(400);
    expect(answer.toLowerCase()).not.toContain('x-injected');
  });

  it('never reflects a header smuggled after a CR/LF in X-Request-Id', async () => {
    const answer = await rawSocket(
      baseUrl,
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: abc\r\nX-Injected: 1\r\nConnection: close\r\n\r\n',
    );
    // On the wire this is simply a second header: the id is "abc" and nothing else comes back.
    expect(rawStatus(answer)).toBe(200);
    expect(answer).toMatch(/\r\nx-request-id: abc\r\n/i);
    expect(answer.toLowerCase()).not.toContain('x-injected');
  });

  it('replaces an overlong X-Request-Id (129 characters) by a UUID, never truncating it', async () => {
    const sent = 'z'.repeat(129);
    const result = await rawRequest(baseUrl, '/api/health', { headers: { 'X-Request-Id': sent } });
    const body = expectEnvelope(result, { status: 200, path: '/api/health' });
    expect(body.request_id).toMatch(UUID);
    expect(result.headers.get('x-request-id')).toBe(body.request_id);
  });

  it('replaces an X-Request-Id with spaces or symbols by a UUID', async () => {
    for (const sent of ['two words', '<script>', 'a;b', '%41']) {
      const result = await rawRequest(baseUrl, '/api/health', { headers: { 'X-Request-Id': sent } });
      expect(bodyOf(result).request_id, sent).toMatch(UUID);
    }
  });
});

describe('hostile methods and bodies on the API', () => {
  it.each([
    ['PROPFIND', undefined, undefined],
    ['DELETE with a body', 'DELETE', { body: '{"all":true}', type: 'application/json' }],
    ['POST with no content type', 'POST', { body: 'x=1', type: undefined }],
    ['POST with text/plain', 'POST', { body: 'hello', type: 'text/plain' }],
    ['POST with a form content type', 'POST', { body: 'a=1&b=2', type: 'application/x-www-form-urlencoded' }],
    [
      'POST with multipart',
      'POST',
      { body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n', type: 'multipart/form-data; boundary=x' },
    ],
    ['PUT with JSON', 'PUT', { body: '{}', type: 'application/json' }],
    ['PATCH with no body', 'PATCH', undefined],
  ] as const)('answers %s with a 405 envelope', async (label, method, payload) => {
    const headers: Record<string, string> = payload?.type ? { 'Content-Type': payload.type } : {};
    const verb = method ?? label;
    const result = await rawRequest(baseUrl, '/api/projects', { method: verb, headers, ...(payload ? { body: payload.body } : {}) });
    expectEnvelope(result, { status: 405, method: verb, path: '/api/projects', code: 'method_not_allowed' });
    expect(result.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('answers a cross-site form POST with the API 405, not a CSRF page', async () => {
    const result = await rawRequest(baseUrl, '/api/health', {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expectEnvelope(result, { status: 405, method: 'POST', path: '/api/health', code: 'method_not_allowed' });
  });

  it.each([
    ['another host', '127.0.0.1:22'],
    ['an API path', '/api/projects'],
  ])('refuses a CONNECT to %s with a 405 that no cache keeps, then closes, and serves the next client', async (_label, target) => {
    const answer = await rawSocket(baseUrl, `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
    expect(rawStatus(answer), answer.slice(0, 200)).toBe(405);
    expect(answer).toMatch(/\r\nAllow: GET, HEAD, OPTIONS\r\n/);
    expect(answer).toMatch(/\r\nCache-Control: no-store\r\n/);
    expect(answer).toMatch(/\r\nConnection: close\r\n/);
    expect(answer).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
    expect(answer.endsWith('\r\n\r\n405 Method Not Allowed\n')).toBe(true);
    expect((await rawRequest(baseUrl, apiUrl('getHealth'))).status).toBe(200);
  });
});

describe('path traversal on the site', () => {
  it.each([
    '/data/..%2f..%2fpackage.json',
    '/data/..%2F..%2Fpackage.json',
    '/%2e%2e/package.json',
    '/%2e%2e%2fpackage.json',
    '/..%5cpackage.json',
    '/..%5c..%5cpackage.json',
    '/../package.json',
    '/data/../../package.json',
    '/.%2e/.%2e/package.json',
    '/_astro/..%2f..%2f..%2fpackage.json',
    '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/..%2f..%2fserver%2findex.mjs',
    '/..%2fserver%2fentry.mjs',
    '/%00package.json',
    '/data/%E0%A4%A',
    '/data/%zz',
    // Deep enough to reach the repository root from any build folder (dist/client, .tmp/x/client...).
    ...[2, 3, 4, 5, 6].flatMap((depth) => [
      `/${'..%2f'.repeat(depth)}package.json`,
      `/${'%2e%2e/'.repeat(depth)}package.json`,
      `/data/${'..%5c'.repeat(depth)}package.json`,
    ]),
  ])('never serves a project file for %s', async (path) => {
    const result = await rawRequest(baseUrl, path);
    expectHarmless(result, path);
  });
});

describe('one way in: the server answers every spelling of an API path itself', () => {
  const projects = apiUrl('listProjects');
  const health = apiUrl('getHealth');
  const notFoundPage = readFileSync(join(process.env['DIST_DIR'] ?? 'dist', 'client', '404.html'), 'utf8');

  it.each([
    ['an escaped letter', projects.replace('/a', '/%61')],
    ['a doubled slash', `/${projects}`],
    ['a dot-dot segment', `/api/..${projects}`],
    ['an encoded dot-dot segment', `/api/%2e%2E${projects}`],
    ['a dot segment and a trailing slash', projects.replace('/api/', '/api/./').concat('/')],
    // A backslash is refused, as nginx refuses it: tests/server/front-door.loopback.test.ts.
  ])('answers %s from its own API with the canonical path', async (_label, path) => {
    const result = await rawRequest(baseUrl, path);
    expect(result.text).not.toContain('"build":"source"');
    const body = expectEnvelope(result, { status: 200, path: path.endsWith('/') ? `${projects}/` : projects });
    expect(body.payload).not.toBeNull();
  });

  it.each([
    ['an upper-case prefix', projects.toUpperCase()],
    ['an encoded slash', projects.replace('/api/', '/api%2F')],
    ['an encoded slash, lower case', projects.replace('/api/', '/api%2f')],
    ['the image endpoint with a file', '/_image?href=/etc/passwd'],
    ['the image endpoint with a remote URL', '/_image?href=https://example.com/x.png&w=10'],
    ['the image endpoint with a traversal', '/_image?href=../../package.json'],
    ['an action', '/_actions/x'],
    ['an action by query', '/?_action=x'],
    ['a server island', '/_server-islands/x'],
    ['a server island with props', '/_server-islands/Island?e=x&p=y&s=z'],
    ['a missing hashed asset', '/_astro/no-such-file.css'],
  ])('answers %s with the site 404 page, never the bundled endpoints', async (label, path) => {
    const result = await rawRequest(baseUrl, path);
    // `/?_action=x` is the home page: Astro never sees it either.
    const expected = path.startsWith('/?') ? 200 : 404;
    expect(result.status, label).toBe(expected);
    if (expected === 404) {
      expect(result.text, label).toBe(notFoundPage);
      expect(result.headers.get('cache-control'), label).toBe('no-store');
    }
    expect(result.text ?? '', label).not.toContain('"build":"source"');
    expectHarmless({ ...result, status: 400 }, label);
  });

  it.each([
    ['credentials', 'user:secret@example.com'],
    ['a port out of range', 'example.com:99999'],
    ['a port that is no number', 'example.com:http'],
    ['10 KB', `${'h'.repeat(10 * 1024)}.example`],
    ['an IPv6 literal without brackets', '::1'],
    ['a path', 'example.com/api/health'],
  ])('builds no URL on a Host with %s', async (label, host) => {
    for (const path of ['/no-such-page/', '/docs/', health, '/_image?href=/etc/passwd']) {
      const answer = await rawSocket(baseUrl, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      const status = rawStatus(answer);
      expect(status, `${label} ${path}`).toBeGreaterThanOrEqual(200);
      expect(status, `${label} ${path}: ${answer.slice(0, 200)}`).toBeLessThan(500);
      expect(answer, label).not.toContain('"build":"source"');
      expect(answer, label).not.toMatch(LEAK);
    }
    // The MCP SDK builds a Request from the URL too: it gets the build's origin, and the call its answer.
    const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const answer = await rawSocket(
      baseUrl,
      `POST ${MCP_PATH} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n` +
        `Content-Length: ${call.length}\r\nConnection: close\r\n\r\n${call}`,
    );
    expect(rawStatus(answer), `${label} ${MCP_PATH}: ${answer.slice(0, 200)}`).toBe(200);
    expect(answer, label).toContain('"tools":[');
  });

  it('answers a request with no Host (HTTP/1.0) from the build, not from the bundled endpoints', async () => {
    const answer = await rawSocket(baseUrl, `GET ${health} HTTP/1.0\r\n\r\n`);
    expect(rawStatus(answer)).toBe(200);
    expect(answer).not.toContain('"build":"source"');
    const page = await rawSocket(baseUrl, 'GET /no-such-page/ HTTP/1.0\r\n\r\n');
    expect(rawStatus(page)).toBe(404);
  });

  it('answers a missing Host on HTTP/1.1 with a 400 from the HTTP parser', async () => {
    const answer = await rawSocket(baseUrl, `GET ${health} HTTP/1.1\r\nConnection: close\r\n\r\n`);
    expect(rawStatus(answer)).toBe(400);
  });

  it('ignores forwarding headers when it builds the URL', async () => {
    const result = await rawRequest(baseUrl, '/docs/', {
      headers: { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'gopher', Forwarded: 'host=evil.example' },
    });
    expect(result.status).toBe(301);
    expect(result.headers.get('location')).not.toContain('evil');
  });
});

describe('a detail 404 suggests a few slugs instead of listing the directory', () => {
  it('names the closest slugs first and stays small', async () => {
    const listing = bodyOf(await rawRequest(baseUrl, apiUrl('listProjects'))).payload as { items: { slug: string }[] };
    const slug = listing.items[0]!.slug;
    const misspelt = `${slug.slice(0, -1)}${slug.endsWith('x') ? 'y' : 'x'}`;
    const result = await rawRequest(baseUrl, apiUrl('getProject', misspelt));
    const body = expectEnvelope(result, { status: 404, path: apiUrl('getProject', misspelt), code: 'not_found' });
    expect(body.error?.allowed?.[0]).toBe(slug);
    expect(body.error?.allowed?.length).toBeLessThanOrEqual(5);
    expect(Buffer.byteLength(result.text ?? '')).toBeLessThan(2_048);
  });
});

describe("Astro's server bundle", () => {
  it('holds no second copy of the API (its endpoint files answer 404 in a build)', () => {
    const serverDir = join(process.env['DIST_DIR'] ?? 'dist', 'server');
    const files = readdirSync(serverDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.mjs') && !join(entry.parentPath, entry.name).includes(`${sep}api${sep}`))
      .map((entry) => join(entry.parentPath, entry.name));
    expect(files.length).toBeGreaterThan(0);
    // A sentence only respond() writes: present in the server's own API bundle, absent from Astro's.
    expect(readFileSync(join(serverDir, 'api', 'handler.mjs'), 'utf8')).toContain('No endpoint answers');
    for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toContain('No endpoint answers');
  });
});
