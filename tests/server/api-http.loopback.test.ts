/**
 * Every endpoint against the built production server (server/) on loopback: GET, HEAD,
 * OPTIONS, conditional requests, write methods, headers and the JSON 404.
 */
import { describe, expect, inject, it } from 'vitest';
import { ROUTES } from '../../src/routes/routes.ts';
import { bodyOf, concretePath, expectApiHeaders, expectEnvelope, fetchApi, MADE_REQUEST_ID, UUID, VIA_NGINX } from '../support/api-call.ts';
import { expectContractHeaders, testContract } from '../support/contract.ts';
import { expectSecurityHeaders } from '../support/security-headers.ts';

const baseUrl = inject('baseUrl');

describe.each(ROUTES.map((route) => ({ path: route.path, route })))('$path over HTTP', ({ route }) => {
  const path = concretePath(route);

  it('answers GET with the envelope, the API headers, the security headers and the documented headers', async () => {
    const result = await fetchApi(baseUrl, path, { headers: { 'X-Request-Id': `get-${route.id}` } });
    const body = expectEnvelope(result, { status: 200, path });
    expect(body.request_id).toBe(`get-${route.id}`);
    expectContractHeaders(route.path, 200, result.headers);
    expectSecurityHeaders(result.headers, path);
    expect(result.headers.get('content-language')).toBe(route.localized ? 'en-US' : null);
  });

  it('answers HEAD with the same headers as GET and no body', async () => {
    const get = await fetchApi(baseUrl, path);
    const head = await fetchApi(baseUrl, path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBeNull();
    const ignored = new Set(['x-request-id', 'date', 'content-length', 'transfer-encoding', 'keep-alive', 'connection']);
    const names = (headers: Headers): string[] => [...headers.keys()].filter((name) => !ignored.has(name)).sort();
    expect(names(head.headers)).toEqual(names(get.headers));
    // A live route's payload (health's uptime) may tick between the two requests, and its ETag with it.
    if (route.live) expect(head.headers.get('etag')).toMatch(/^W\/"/);
    else expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('answers OPTIONS with 204, Allow and the CORS preflight headers', async () => {
    const result = await fetchApi(baseUrl, path, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://elsewhere.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'x-request-id',
      },
    });
    expect(result.status).toBe(204);
    expect(result.text).toBeNull();
    expect(result.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(result.headers.get('access-control-allow-origin')).toBe('*');
    expect(result.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(result.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-request-id');
    expect(result.headers.get('x-request-id')).toMatch(MADE_REQUEST_ID);
  });

  it('answers a matching If-None-Match with 304, no body, ETag, Cache-Control and X-Request-Id', async () => {
    // /api/health is live: its uptime, to the second, is in its ETag, which can change between two
    // requests; and through nginx, consecutive requests go to the two instances in turn. So a client
    // revalidates with every ETag it has seen, and the test tries up to three times.
    let seen: string[] = [];
    let revalidated: Awaited<ReturnType<typeof fetchApi>> | undefined;
    for (let attempt = 0; attempt < 3 && revalidated?.status !== 304; attempt += 1) {
      const etag = (await fetchApi(baseUrl, path)).headers.get('etag');
      expect(etag).toMatch(/^W\/"[^"]+"$/);
      const second = (await fetchApi(baseUrl, path)).headers.get('etag');
      // Directly, one instance answers: the same document has the same ETag (unless a second passed).
      if (!VIA_NGINX && second !== etag) continue;
      seen = [...new Set([etag!, second!])];
      revalidated = await fetchApi(baseUrl, path, {
        headers: { 'If-None-Match': seen.join(', '), 'X-Request-Id': `etag-${route.id}` },
      });
    }
    if (!revalidated) throw new Error('no revalidation was sent');
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBeNull();
    expect(seen).toContain(revalidated.headers.get('etag'));
    expect(revalidated.headers.get('cache-control')).toBe('no-cache');
    expect(revalidated.headers.get('x-request-id')).toBe(`etag-${route.id}`);
    expectContractHeaders(route.path, 304, revalidated.headers);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND'])('answers %s with a 405 envelope and Allow', async (method) => {
    const result = await fetchApi(baseUrl, path, { method });
    expectEnvelope(result, { status: 405, method, path, code: 'method_not_allowed' });
    expectSecurityHeaders(result.headers, `${method} ${path}`);
  });

  it('answers an unknown parameter with a 400 envelope', async () => {
    const result = await fetchApi(baseUrl, `${path}?unknown=1`);
    expectEnvelope(result, { status: 400, path, query: { unknown: '1' }, code: 'unknown_parameter' });
  });
});

describe('the API over HTTP', () => {
  it('serves the contract built from the route table, at both contract paths', async () => {
    const served = bodyOf(await fetchApi(baseUrl, '/api/openapi.json')).payload;
    const versioned = bodyOf(await fetchApi(baseUrl, '/api/v1/openapi.json')).payload;
    expect(served).toEqual(JSON.parse(JSON.stringify(testContract())));
    expect(versioned).toEqual(served);
  });

  it('localizes with lang, sends Content-Language and a different ETag', async () => {
    const english = await fetchApi(baseUrl, '/api/capabilities');
    const portuguese = await fetchApi(baseUrl, '/api/capabilities?lang=pt-br');
    expectEnvelope(portuguese, { status: 200, path: '/api/capabilities', query: { lang: 'pt-br' } });
    expect(portuguese.headers.get('content-language')).toBe('pt-BR');
    expect(portuguese.headers.get('etag')).not.toBe(english.headers.get('etag'));
  });

  // nginx refuses a malformed percent-encoding itself (400, its own page) before any instance sees it.
  const malformed = VIA_NGINX ? [] : ['/api/%zz'];
  it.each(['/api', '/api/', '/api/nope', '/api/projects/no-such-project', '/api/projects/a/b', ...malformed])(
    'answers %s with a JSON 404 envelope, never HTML',
    async (path) => {
      const result = await fetchApi(baseUrl, path);
      expectEnvelope(result, { status: 404, path, code: 'not_found' });
      expect(result.text).not.toMatch(/<html|<!doctype/i);
      expectSecurityHeaders(result.headers, path);
    },
  );

  it('answers HEAD on an unknown API path with JSON 404 headers and no body', async () => {
    const result = await fetchApi(baseUrl, '/api/nope', { method: 'HEAD' });
    expect(result.status).toBe(404);
    expect(result.text).toBeNull();
    expect(result.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('echoes a valid X-Request-Id and replaces a 129-character one with a UUID', async () => {
    const valid = 'r'.repeat(128);
    expect((await fetchApi(baseUrl, '/api/health', { headers: { 'X-Request-Id': valid } })).headers.get('x-request-id')).toBe(valid);
    const overlong = await fetchApi(baseUrl, '/api/health', { headers: { 'X-Request-Id': 'r'.repeat(129) } });
    const body = expectEnvelope(overlong, { status: 200, path: '/api/health' });
    expect(body.request_id).toMatch(UUID);
  });

  it('sends the API headers on errors as well as on success', async () => {
    for (const url of ['/api/health', '/api/nope', '/api/projects?q=%zz', '/api/projects/none'])
      expectApiHeaders(await fetchApi(baseUrl, url));
  });
});
