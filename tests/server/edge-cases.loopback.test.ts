/**
 * Edge cases the first test run found in the production server's API path (each was a bug when
 * the API went through Astro's pipeline; the server now answers /api/** itself).
 */
import { describe, expect, inject, it } from 'vitest';
import { bodyOf, callApi, expectEnvelope } from '../support/api-call.ts';
import { rawRequest, rawSocket, rawStatus } from '../support/raw-http.ts';

const baseUrl = inject('baseUrl');

describe('API edge cases on the production server', () => {
  // Astro's trailing-slash redirect ran before the API: 301, text/plain, an HTML body, no X-Request-Id.
  // The one target parser folds the slashes, and the API answers the path itself.
  it('answers /api/health// with the JSON envelope of /api/health/, not an HTML redirect', async () => {
    const result = await rawRequest(baseUrl, '/api/health//');
    expectEnvelope(result, { status: 200, path: '/api/health/' });
  });

  // Dot segments are resolved once, by the one target parser: the envelope reports the path that
  // was answered, the same one the server, the route match and Astro see.
  it('reports a path with dot segments as resolved', async () => {
    expect(bodyOf(await rawRequest(baseUrl, '/api/projects/../health')).path).toBe('/api/health');
    expect(bodyOf(await rawRequest(baseUrl, '/api/projects/%2e%2e/health')).path).toBe('/api/health');
  });

  // The adapter cannot build a URL from these Host values and renders the HTML 404 page instead
  // of calling the endpoint. An empty Host is valid HTTP/1.1 (RFC 9112 section 3.2).
  it.each(['', 'a b', 'example.com:abc'])('answers /api/health with JSON when the Host header is %j', async (host) => {
    const answer = await rawSocket(baseUrl, `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
    expect(rawStatus(answer)).toBeLessThan(500);
  });

  // req.url starts with "http://" in absolute-form (RFC 9112 section 3.2.2, which servers must
  // accept): routing on it unparsed never reaches the API.
  it('answers an absolute-form request for /api/health with the endpoint', async () => {
    const { host } = new URL(baseUrl);
    const answer = await rawSocket(baseUrl, `GET ${baseUrl}/api/health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(rawStatus(answer)).toBe(200);
  });

  // The target was parsed for the API only: pages and files in absolute-form got the 404 page.
  it('answers an absolute-form request for a page with the page', async () => {
    const { host } = new URL(baseUrl);
    const answer = await rawSocket(baseUrl, `GET ${baseUrl}/ HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(rawStatus(answer)).toBe(200);
    expect(answer).toMatch(/\r\ncontent-type: text\/html/i);
  });

  // respond() collects the received query into a plain object, where "__proto__" is the
  // prototype setter: the envelope's query comes back empty.
  it('echoes a parameter named __proto__ in the envelope query', () => {
    const body = bodyOf(callApi('/api/health?__proto__=x'));
    expect(body.error?.code).toBe('unknown_parameter');
    expect(Object.entries(body.query)).toEqual([['__proto__', 'x']]);
  });
});
