/**
 * Requests node:http's parser refuses get the answer every other error gets, not Node's bare status
 * line with an empty body: an unencoded UTF-8 query under /api gets the API's 400 envelope (the
 * contract's error), elsewhere the site's text error; oversized headers keep their 431.
 */
import { Agent } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { apiUrl } from '../../src/routes/urls.ts';
import { expectEnvelope, type ApiResult } from '../support/api-call.ts';
import { rawRequest, rawSocket, rawStatus } from '../support/raw-http.ts';

const baseUrl = inject('baseUrl');
const host = new URL(baseUrl).host;

/** One request written as raw bytes (UTF-8), its answer parsed. */
async function raw(target: string, extraHeaders = ''): Promise<ApiResult> {
  const answer = await rawSocket(baseUrl, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\n${extraHeaders}Connection: close\r\n\r\n`);
  const [head = '', ...rest] = answer.split('\r\n\r\n');
  const headers = new Headers();
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    headers.append(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  const text = rest.join('\r\n\r\n');
  return { status: rawStatus(answer), headers, text: text === '' ? null : text };
}

describe('a request the HTTP parser refuses', () => {
  it('an unencoded UTF-8 query under /api: the API 400 envelope, with the query as meant', async () => {
    const path = apiUrl('listProjects');
    const result = await raw(`${path}?q=tábuas`);
    const body = expectEnvelope(result, { status: 400, path, query: { q: 'tábuas' }, code: 'invalid_parameter' });
    expect(body.error?.detail).toContain(`percent-encode them as UTF-8, as in ${path}?q=t%C3%A1buas`);
    expect(result.headers.get('connection')).toBe('close');
  });

  it('an unencoded byte in a page path: the site text 400, with the security headers', async () => {
    const result = await raw('/stacks/ástro/');
    expect(result.status).toBe(400);
    expect(result.text).toBe('400 Bad Request\n');
    expect(result.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(result.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a refusal on a connection kept alive after an answer is answered too, not cut', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await rawRequest(baseUrl, apiUrl('getHealth'), { agent })).status).toBe(200);
      const refused = await rawRequest(baseUrl, `${apiUrl('listProjects')}?q=${'c'.repeat(20_000)}`, { agent });
      expect(refused.status).toBe(431);
    } finally {
      agent.destroy();
    }
  });

  it('headers over 16 KiB keep their 431', async () => {
    const result = await raw('/', `X-Big: ${'a'.repeat(17 * 1024)}\r\n`);
    expect(result.status).toBe(431);
    expect(result.text).toBe('431 Request Header Fields Too Large\n');
  });
});
