/**
 * `ApiResponse.replay`: the handler's word that a GET's answer is the same for every request of
 * its target but for the request id and time, which lets the server repeat it without the handler
 * (server/answer-memo.mjs). A wrong "yes" would serve one client's answer to another.
 */
import { describe, expect, it } from 'vitest';
import { answerApi } from '../../src/api/adapter.ts';
import { replayKeyOf } from '../../src/api/replay-key.ts';
import { parseTarget } from '../../src/api/request-target.ts';
import { requestMeta } from '../../src/api/respond.ts';
import { testCatalog } from '../support/contract.ts';

const answer = (url: string, method = 'GET', headers: Record<string, string> = {}) =>
  answerApi(method, parseTarget(url), headers, testCatalog());

describe('repeatable answers', () => {
  it.each(['/api/projects', '/api/stacks?category=public-apis', '/api/profiles?q=marina&limit=1', '/api/openapi.json'])(
    'a GET of a cached payload (%s) is, and its tail is the request metadata then the rest',
    (url) => {
      const result = answer(url);
      expect(result.status).toBe(200);
      const requestId = result.headers['X-Request-Id']!;
      expect(result.replay?.key).toBe(replayKeyOf('GET', parseTarget(url), undefined, undefined, undefined));
      const { tail } = result.envelope!;
      const rest = result.replay!.tailRest;
      expect(tail.endsWith(rest)).toBe(true);
      // What the server puts before the rest on a repeat: the same members, made by the same function.
      const meta = tail.slice(0, tail.length - rest.length);
      expect(meta).toMatch(/^,"request_id":"[^"]+","timestamp":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"$/);
      expect(meta.replace(/"timestamp":"[^"]+"/, '')).toBe(requestMeta(requestId).replace(/"timestamp":"[^"]+"/, ''));
      expect(result.replay!.tailRest).toMatch(/^,"method":"GET","path":"[^"]+","query":\{.*\}\}$/);
    },
  );

  it('a 304 is', () => {
    const etag = answer('/api/projects').headers['ETag']!;
    const result = answer('/api/projects', 'GET', { 'if-none-match': etag });
    expect(result.status).toBe(304);
    expect(result.replay).toEqual({ key: `${etag}\u0000/api/projects?`, tailRest: '' });
  });

  it.each([
    ['a live payload (health)', '/api/health', 'GET', {}],
    ['a HEAD', '/api/projects', 'HEAD', {}],
    ['an answer carrying the client’s own request id', '/api/projects', 'GET', { 'x-request-id': 'mine' }],
    ['a 404', '/api/projects/no-such-project', 'GET', {}],
    ['a 400', '/api/projects?limit=0', 'GET', {}],
    ['an OPTIONS', '/api/projects', 'OPTIONS', {}],
  ])('%s is not', (_label, url, method, headers) => {
    expect(answer(url, method, headers).replay).toBeNull();
  });
});
