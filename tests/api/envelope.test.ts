/**
 * The envelope, request ids, ETags and HTTP methods, in process: `respond()` gets a request and
 * gives back a response, like Hono's `app.request`.
 */
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/routes/routes.ts';
import { bodyOf, callApi, concretePath, expectEnvelope, UUID } from '../support/api-call.ts';
import { expectContractHeaders } from '../support/contract.ts';

describe('request id', () => {
  it.each(['abc', 'A.b_c-9', 'x'.repeat(128), '0'])('echoes the valid client id %j', (id) => {
    const result = callApi('/api/health', { headers: { 'X-Request-Id': id } });
    const body = expectEnvelope(result, { status: 200, path: '/api/health' });
    expect(body.request_id).toBe(id);
    expect(result.headers.get('x-request-id')).toBe(id);
  });

  it.each([
    ['129 characters', 'x'.repeat(129)],
    ['a space inside', 'abc def'],
    ['a leading space', ' abc'],
    ['a trailing space', 'abc '],
    ['a slash', 'a/b'],
    ['non-ASCII letters', 'ação'],
    ['an empty value', ''],
    ['a quote', 'a"b'],
  ])('replaces an id with %s by a fresh UUID, never trimming it', (_label, id) => {
    const result = callApi('/api/health', { headers: { 'X-Request-Id': id } });
    const body = expectEnvelope(result, { status: 200, path: '/api/health' });
    expect(body.request_id).toMatch(UUID);
    expect(body.request_id).not.toBe(id.trim());
    expect(body.request_id).not.toBe(id.slice(0, 128));
  });

  it('gives each request without an id its own UUID, errors included', () => {
    const ids = ['/api/health', '/api/health', '/api/nope', '/api/projects?bad=1'].map((url) => bodyOf(callApi(url)).request_id);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('echoes the client id on errors too', () => {
    const result = callApi('/api/projects?nope=1', { headers: { 'X-Request-Id': 'trace-42' } });
    expect(expectEnvelope(result, { status: 400, path: '/api/projects', query: { nope: '1' } }).request_id).toBe('trace-42');
  });
});

describe('envelope members', () => {
  it('reports the path as received, without the query, and the query as received', () => {
    const body = expectEnvelope(callApi('/api/projects/?lang=PT-br&q=%20api%20'), {
      status: 200,
      path: '/api/projects/',
      query: { lang: 'PT-br', q: ' api ' },
    });
    expect((body.payload as { count: number }).count).toBeGreaterThan(0);
  });

  it('reports a plus sign as a space and decodes percent-encoding in the query', () => {
    expectEnvelope(callApi('/api/projects?q=open+data%21'), { status: 200, path: '/api/projects', query: { q: 'open data!' } });
  });

  it('carries payload null and an error on every error', () => {
    const cases = [
      ['/api/nope', 404],
      ['/api/projects/none', 404],
      ['/api/projects?x=1', 400],
      ['/api/projects?q=a&q=b', 400],
      ['/api/projects?capability=none', 400],
      [`/api/projects?q=${'z'.repeat(101)}`, 400],
    ] as const;
    for (const [url, status] of cases) {
      const body = bodyOf(callApi(url));
      expect(body.payload, url).toBeNull();
      expect(body.error?.status, url).toBe(status);
      expect(body.error?.type, url).toMatch(new RegExp(`${body.error?.code}$`));
    }
  });

  it('uses the timestamp of the response, in UTC with milliseconds', () => {
    const before = Date.now();
    const body = bodyOf(callApi('/api/health'));
    const after = Date.now();
    expect(body.timestamp.endsWith('Z')).toBe(true);
    expect(Date.parse(body.timestamp)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(body.timestamp)).toBeLessThanOrEqual(after);
  });
});

describe('ETag and If-None-Match', () => {
  it('gives the same request the same weak ETag while request id and timestamp differ', async () => {
    const first = callApi('/api/projects?q=api');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = callApi('/api/projects?q=api');
    expect(first.headers.get('etag')).toMatch(/^W\/"[^"]+"$/);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(bodyOf(second).request_id).not.toBe(bodyOf(first).request_id);
    expect(bodyOf(second).timestamp).not.toBe(bodyOf(first).timestamp);
  });

  it('changes the ETag with the language and with the filters, not with spelling', () => {
    const etag = (url: string): string | null => callApi(url).headers.get('etag');
    expect(etag('/api/projects?lang=pt-BR')).not.toBe(etag('/api/projects'));
    expect(etag('/api/projects?q=api')).not.toBe(etag('/api/projects'));
    expect(etag('/api/projects?lang=pt-br')).toBe(etag('/api/projects?lang=PT-BR'));
    expect(etag('/api/projects?q=%20api%20')).toBe(etag('/api/projects?q=api'));
    expect(etag('/api/projects?lang=en-US')).toBe(etag('/api/projects'));
  });

  it.each(ROUTES.map((route) => ({ path: route.path, route })))('answers 304 without a body on $path', ({ route }) => {
    const concrete = concretePath(route);
    const first = callApi(concrete);
    const etag = first.headers.get('etag')!;
    const revalidated = callApi(concrete, { headers: { 'If-None-Match': etag, 'X-Request-Id': 'revalidate-1' } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBeNull();
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(revalidated.headers.get('cache-control')).toBe('no-cache');
    expect(revalidated.headers.get('x-request-id')).toBe('revalidate-1');
    expectContractHeaders(route.path, 304, revalidated.headers);
  });

  it('matches weakly, in lists and with *; a stale tag gets the full 200', () => {
    const etag = callApi('/api/stacks').headers.get('etag')!;
    const strong = etag.replace(/^W\//, '');
    expect(callApi('/api/stacks', { headers: { 'If-None-Match': strong } }).status).toBe(304);
    expect(callApi('/api/stacks', { headers: { 'If-None-Match': `"other", ${etag}` } }).status).toBe(304);
    expect(callApi('/api/stacks', { headers: { 'If-None-Match': '*' } }).status).toBe(304);
    expectEnvelope(callApi('/api/stacks', { headers: { 'If-None-Match': 'W/"stale"' } }), { status: 200, path: '/api/stacks' });
    expectEnvelope(callApi('/api/stacks?lang=pt-BR', { headers: { 'If-None-Match': etag } }), {
      status: 200,
      path: '/api/stacks',
      query: { lang: 'pt-BR' },
    });
  });
});

describe('methods', () => {
  it('answers HEAD with the headers of GET and no body', () => {
    for (const url of [...ROUTES.map(concretePath), '/api/projects/none', '/api/nope', '/api/projects?x=1']) {
      const get = callApi(url);
      const head = callApi(url, { method: 'HEAD' });
      expect(head.status, url).toBe(get.status);
      expect(head.text, url).toBeNull();
      const names = (headers: Headers): string[] => [...headers.keys()].filter((name) => name !== 'x-request-id').sort();
      expect(names(head.headers), url).toEqual(names(get.headers));
      expect(head.headers.get('etag'), url).toBe(get.headers.get('etag'));
    }
  });

  it('answers OPTIONS with 204, Allow and the CORS preflight headers', () => {
    for (const route of ROUTES) {
      const result = callApi(route.path, {
        method: 'OPTIONS',
        headers: { 'Access-Control-Request-Method': 'GET', Origin: 'https://elsewhere.example' },
      });
      expect(result.status, route.path).toBe(204);
      expect(result.text).toBeNull();
      expect(result.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(result.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
      expect(result.headers.get('access-control-allow-origin')).toBe('*');
      expect(result.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-request-id');
      expect(result.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('if-none-match');
      expect(Number(result.headers.get('access-control-max-age'))).toBeGreaterThan(0);
      expect(result.headers.get('x-request-id')).toMatch(UUID);
    }
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND', 'TRACE', 'CONNECT', 'MKCOL', 'post'])(
    'answers %s with a 405 envelope on every endpoint',
    (method) => {
      for (const route of ROUTES) {
        const result = callApi(route.path, { method });
        // The envelope echoes the path as a URL spells it: `{slug}` percent-encoded.
        const path = new URL(route.path, 'http://example.test').pathname;
        const body = expectEnvelope(result, { status: 405, method: method.toUpperCase(), path, code: 'method_not_allowed' });
        expect(body.error?.allowed).toEqual(['GET', 'HEAD', 'OPTIONS']);
      }
    },
  );

  it('answers a 405 on an unknown path too (the API is read-only everywhere)', () => {
    expectEnvelope(callApi('/api/nope', { method: 'DELETE' }), {
      status: 405,
      method: 'DELETE',
      path: '/api/nope',
      code: 'method_not_allowed',
    });
  });
});

describe('unknown API paths', () => {
  it.each(['/api', '/api/', '/api/nope', '/api/projects/a/b', '/api/v2/openapi.json', '/api/health.json', '/api/PROJECTS'])(
    'answers %s with a JSON 404 envelope',
    (path) => {
      const body = expectEnvelope(callApi(path), { status: 404, path, code: 'not_found' });
      expect(body.error?.allowed).toEqual(ROUTES.map((route) => route.path));
    },
  );

  it('answers HEAD on an unknown path with the 404 headers and no body', () => {
    const result = callApi('/api/nope', { method: 'HEAD' });
    expect(result.status).toBe(404);
    expect(result.text).toBeNull();
    expect(result.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
});

describe('error messages', () => {
  it('explains an unknown parameter', () => {
    expect(bodyOf(callApi('/api/journeys?audiance=developers')).error).toMatchInlineSnapshot(`
      {
        "allowed": [
          "audience",
          "stage",
          "q",
          "limit",
          "cursor",
          "lang",
        ],
        "code": "unknown_parameter",
        "detail": "Unknown parameter "audiance". This endpoint accepts: audience, stage, q, limit, cursor, lang.",
        "parameter": "audiance",
        "status": 400,
        "title": "Unknown parameter",
        "type": "/openapi/#error-unknown_parameter",
      }
    `);
  });

  it('explains a q that is too long', () => {
    expect(bodyOf(callApi(`/api/stacks?q=${'q'.repeat(150)}`)).error).toMatchInlineSnapshot(`
      {
        "code": "too_long",
        "detail": "The parameter "q" is 150 characters long after trimming; the limit is 100.",
        "parameter": "q",
        "status": 400,
        "title": "Parameter too long",
        "type": "/openapi/#error-too_long",
      }
    `);
  });

  it('explains a repeated parameter and a method that is not allowed', () => {
    expect(bodyOf(callApi('/api/trust?kind=policy&kind=contact')).error?.detail).toMatchInlineSnapshot(
      `"The parameter "kind" was given more than once. Send it once; filters combine across different parameters."`,
    );
    expect(bodyOf(callApi('/api/health', { method: 'PUT' })).error?.detail).toMatchInlineSnapshot(
      `"The method PUT is not allowed: this API is read-only. Use GET, HEAD or OPTIONS."`,
    );
  });

  it('explains an unknown lang', () => {
    expect(bodyOf(callApi('/api/profile?lang=de-DE')).error).toMatchInlineSnapshot(`
      {
        "allowed": [
          "en-US",
          "pt-BR",
        ],
        "code": "invalid_parameter",
        "detail": "The parameter "lang" must be one of en-US, pt-BR (case-insensitive); got "de-DE".",
        "parameter": "lang",
        "status": 400,
        "title": "Invalid parameter",
        "type": "/openapi/#error-invalid_parameter",
      }
    `);
  });
});
