/**
 * The request path's edges the other API tests leave out, in process: query strings without "=",
 * malformed escapes, control characters, long values cut in messages, did-you-mean for choices and
 * slugs, cursors with forged digits, targets in every form, the 429 and 500 envelopes, a draining
 * server, and which cache kinds a request fills. Expected messages are typed out here.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, answerRateLimited } from '../../src/api/adapter.ts';
import { ApiError } from '../../src/api/api-error.ts';
import { decodeCursor, encodeCursor } from '../../src/api/pagination.ts';
import { canonicalTerms, parseLocale } from '../../src/api/params.ts';
import { parseTarget } from '../../src/api/request-target.ts';
import { requestIdFor } from '../../src/api/respond.ts';
import type { Catalog } from '../../src/catalog/catalog.ts';
import { routeById } from '../../src/routes/routes.ts';
import { bodyOf, callApi, callCache, expectEnvelope, UUID } from '../support/api-call.ts';
import { testCatalog } from '../support/contract.ts';

const projects = routeById('listProjects').path;
const health = routeById('getHealth').path;
const projectPath = (slug: string) => routeById('getProject').path.replace('{slug}', slug);
const detail = (url: string) => bodyOf(callApi(url)).error?.detail;

describe('query strings', () => {
  it('reads a name without "=" as an empty value', () => {
    expectEnvelope(callApi(`${projects}?q`), { status: 200, path: projects, query: { q: '' } });
    const { error } = expectEnvelope(callApi(`${projects}?lang`), {
      status: 400,
      path: projects,
      query: { lang: '' },
      code: 'invalid_parameter',
    });
    expect(error?.parameter).toBe('lang');
  });

  it('refuses malformed percent-encoding, naming the parameter when it is one', () => {
    const value = expectEnvelope(callApi(`${projects}?q=%E0%A4%A`), {
      status: 400,
      path: projects,
      // The envelope echoes the query leniently, as URLSearchParams decodes it.
      query: { q: '\ufffd%A' },
      code: 'invalid_parameter',
    }).error;
    expect(value?.detail).toBe('The query string has malformed percent-encoding in "q". Encode values with encodeURIComponent.');
    expect(value?.parameter).toBe('q');
    const name = bodyOf(callApi(`${projects}?${'n'.repeat(50)}%ZZ=1`)).error;
    expect(name?.detail).toBe(
      `The query string has malformed percent-encoding in "${'n'.repeat(40)}". Encode values with encodeURIComponent.`,
    );
    expect(name?.parameter).toBeUndefined();
  });

  it('refuses control characters, but a tab is ordinary whitespace', () => {
    const { error } = expectEnvelope(callApi(`${projects}?q=a%0Ab`), {
      status: 400,
      path: projects,
      query: { q: 'a\nb' },
      code: 'invalid_parameter',
    });
    expect(error?.detail).toBe('The parameter "q" contains control characters.');
    expect(error?.parameter).toBe('q');
    expect(callApi(`${projects}?q=data%09api`).status).toBe(200);
  });

  it('cuts a long unknown name to 40 characters, and says when an endpoint takes no parameters', () => {
    const long = 'n'.repeat(50);
    const error = bodyOf(callApi(`${health}?${long}=1`)).error;
    expect(error?.detail).toBe(`Unknown parameter "${'n'.repeat(40)}". This endpoint accepts no parameters.`);
    expect(error?.parameter).toBe('n'.repeat(40));
    expect(error?.allowed).toEqual([]);
    expect(detail(`${projects}?${long}=1`)).toMatch(
      new RegExp(`^Unknown parameter "${'n'.repeat(40)}"\\. This endpoint accepts: capability, q, `),
    );
  });

  it('cuts a long wrong value to 40 characters in the message', () => {
    const value = 'x'.repeat(60);
    expect(detail(`${projects}?limit=${value}`)).toBe(`The parameter "limit" must be an integer from 1 to 500; got "${'x'.repeat(40)}".`);
    expect(detail(`${projects}?lang=${value}`)).toBe(
      `The parameter "lang" must be one of en-US, pt-BR (case-insensitive); got "${'x'.repeat(40)}".`,
    );
    expect(detail(`${projects}?capability=${value}`)).toBe(
      `The parameter "capability" has no match for "${'x'.repeat(40)}". Use one of the allowed values.`,
    );
  });

  it('suggests the choice a misspelt value stands for', () => {
    expect(detail(`${projects}?capability=api-desgin`)).toBe(
      'The parameter "capability" has no match for "api-desgin". Did you mean "api-design"?',
    );
  });

  it('a blank q filters nothing and shares the unfiltered ETag', () => {
    const plain = callApi(projects).headers.get('etag');
    expect(callApi(`${projects}?q=%20%20`).headers.get('etag')).toBe(plain);
  });

  it('echoes the first of repeated parameters in the error envelope', () => {
    expectEnvelope(callApi(`${projects}?q=a&q=b`), { status: 400, path: projects, query: { q: 'a' }, code: 'repeated_parameter' });
  });
});

describe('parameter values', () => {
  it('parseLocale reads a whole tag in any case, nothing else', () => {
    expect(parseLocale('EN-us')).toBe('en-US');
    expect(parseLocale('pt-br')).toBe('pt-BR');
    expect(parseLocale('1en-US')).toBeUndefined();
    expect(parseLocale('en-US1')).toBeUndefined();
    expect(parseLocale('fr-FR')).toBeUndefined();
  });

  it('canonicalTerms folds, de-duplicates and sorts the terms', () => {
    expect(canonicalTerms('  Zeta alpha ZETA Álpha ')).toBe('alpha zeta');
    expect(canonicalTerms('   ')).toBe('');
  });
});

describe('cursors', () => {
  const binding = 'v\nlistStacks\n{}';
  const mark = (offset: number) => encodeCursor(binding, offset).split('.')[1]!;
  const forged = (digits: string, offset: number) => `${Buffer.from(digits).toString('base64url')}.${mark(offset)}`;

  it('carry a 16-character checksum', () => {
    expect(mark(3)).toMatch(/^[\w-]{16}$/);
  });

  it('refuse offsets with leading zeros or more than nine digits, whatever the checksum', () => {
    expect(decodeCursor(forged('7', 7), binding, 10)).toBe(7);
    expect(() => decodeCursor(forged('07', 7), binding, 10)).toThrow(ApiError);
    expect(() => decodeCursor(forged('00', 0), binding, 10)).toThrow(ApiError);
    expect(decodeCursor(forged('999999999', 999_999_999), binding, 2e9)).toBe(999_999_999);
    expect(() => decodeCursor(forged('1000000000', 1_000_000_000), binding, 2e9)).toThrow(ApiError);
  });
});

describe('targets', () => {
  it.each([
    ['*', { path: '/*', search: '' }],
    ['x/y?z=1', { path: '/x/y', search: 'z=1' }],
    ['http://host.example/x/', { path: '/x/', search: '' }],
    ['https://host.example/x?a=b', { path: '/x', search: 'a=b' }],
  ])('%s', (target, parsed) => {
    expect(parseTarget(target)).toMatchObject(parsed);
  });
});

describe('responses', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('uses a fresh id when there is no header, null included', () => {
    expect(requestIdFor(null)).toMatch(UUID);
    expect(requestIdFor(undefined)).toMatch(UUID);
    expect(requestIdFor('trace-1')).toBe('trace-1');
  });

  it('joins a header sent several times, as Node hands it over', () => {
    const etag = callApi(projects).headers.get('etag')!;
    const result = answerApi('GET', parseTarget(projects), { 'if-none-match': ['W/"stale"', etag] }, testCatalog(), callCache);
    expect(result.status).toBe(304);
    expect(result.headers['Content-Type']).toBeUndefined();
    expect(result.headers['ETag']).toBe(etag);
    expect(callApi(projects, { headers: { 'If-None-Match': ' * ' } }).status).toBe(304);
  });

  it('measures a HEAD as the GET it stands for', () => {
    for (const url of [projects, `${projects}?nope=1`]) {
      const head = answerApi('HEAD', parseTarget(url), {}, testCatalog(), callCache);
      expect(head.body).toBeNull();
      const whole = JSON.parse(`${head.envelope!.head}${head.envelope!.payload.json}${head.envelope!.tail}`) as { method: string };
      expect(whole.method).toBe('GET');
    }
  });

  it('answers OPTIONS without a Content-Type', () => {
    const result = callApi(projects, { method: 'OPTIONS' });
    expect(result.status).toBe(204);
    expect(result.headers.get('content-type')).toBeNull();
  });

  it('sends Allow only with a 405', () => {
    expect(callApi(`${projects}/no-such/deeper`).headers.get('allow')).toBeNull();
    expect(callApi(projects, { method: 'DELETE' }).headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('cuts a long method and a long path in the message', () => {
    expect(bodyOf(callApi(projects, { method: 'X'.repeat(30) })).error?.detail).toBe(
      `The method ${'X'.repeat(20)} is not allowed: this API is read-only. Use GET, HEAD or OPTIONS.`,
    );
    const path = `${health}/${'x'.repeat(300)}`;
    expect(detail(path)).toBe(`No endpoint answers ${path.slice(0, 200)}. See ${routeById('getContract').path} for the endpoints.`);
  });

  it('names a slug it cannot decode as it was sent', () => {
    expect(detail(projectPath('%E0%A4%A'))).toMatch(/^No project has the slug "%E0%A4%A"\./);
  });

  it('suggests a near slug, cuts a long one to 80 characters', () => {
    const seeAll = ` Closest slugs below; ${projects} lists them all.`;
    expect(detail(projectPath('docs-hb'))).toBe(`No project has the slug "docs-hb". Did you mean "docs-hub"?${seeAll}`);
    expect(detail(projectPath('z'.repeat(100)))).toBe(`No project has the slug "${'z'.repeat(80)}".${seeAll}`);
  });

  it('answers 429 with the envelope, Retry-After and the method as received', () => {
    const result = answerRateLimited('get', parseTarget(`${projects}?q=a`), { 'x-request-id': 'trace-429' }, 7);
    expect(result.status).toBe(429);
    expect(result.headers['Retry-After']).toBe('7');
    expect(result.headers['Cache-Control']).toBe('no-store');
    const body = JSON.parse(result.body!) as {
      request_id: string;
      method: string;
      query: unknown;
      error: { code: string; detail: string };
    };
    expect(body).toMatchObject({ request_id: 'trace-429', method: 'GET', query: { q: 'a' } });
    expect(body.error).toMatchObject({
      code: 'rate_limited',
      detail: 'Too many requests from this client. Retry in 7 s; the RateLimit header counts the quota down.',
    });
    const head = answerRateLimited('HEAD', parseTarget(projects), {}, 1);
    expect(head.body).toBeNull();
    expect(head.envelope?.tail).toContain('"method":"GET"');
  });

  it('answers an unexpected failure with a 500 that names only the request id, and logs it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { version: 'broken' } as unknown as Catalog;
    const result = answerApi('GET', parseTarget(routeById('listStacks').path), { 'x-request-id': 'trace-500' }, broken, callCache);
    expect(result.status).toBe(500);
    const body = JSON.parse(result.body!) as { error: { code: string; detail: string } };
    expect(body.error).toMatchObject({
      code: 'internal_error',
      detail: 'The server failed to answer this request. It has been logged with its request id.',
    });
    expect(log).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(log.mock.calls[0]![0]))).toMatchObject({ level: 'error', request_id: 'trace-500' });
  });

  it('answers 503 from health while draining, and health is never cached', () => {
    let draining = false;
    const healthOf = () => {
      const result = answerApi('GET', parseTarget(health), {}, testCatalog(), callCache, { build: 'b1', draining: () => draining });
      return { status: result.status, headers: new Headers(result.headers), text: result.body };
    };
    expect(bodyOf(healthOf()).payload).toMatchObject({ status: 'ok', build: 'b1' });
    expect(bodyOf(callApi(health)).payload).toMatchObject({ build: 'source' });
    draining = true;
    const { error } = expectEnvelope(healthOf(), { status: 503, path: health, code: 'unavailable' });
    expect(error?.detail).toBe('This server is shutting down and finishing its requests: retry, and a new connection reaches another one.');
  });

  it('fills the payload, selection and page caches', () => {
    // The byte budget keeps what is made a second time: each target asked twice.
    for (let attempt = 0; attempt < 2; attempt++) {
      callApi(routeById('listStacks').path);
      callApi(`${routeById('listStacks').path}?limit=2`);
    }
    const cacheStats = () => callCache.stats();
    for (const kind of ['payload', 'selection', 'page']) expect(cacheStats()[kind]!.bytes).toBeGreaterThan(0);
    const before = cacheStats()['payload']!.hits;
    callApi(routeById('listStacks').path);
    expect(cacheStats()['payload']!.hits).toBe(before + 1);
  });
});

describe('small parts', () => {
  it('an ApiError carries its status and name', () => {
    const error = new ApiError('not_found', 'gone', { parameter: 'slug' });
    expect(error.status).toBe(404);
    expect(error.name).toBe('ApiError');
    expect(error.parameter).toBe('slug');
    expect(error.allowed).toBeUndefined();
  });
});
