/**
 * Repeated API answers on the built server (server/api-response.ts): from the third GET of a target
 * on, the answer is the kept one, and must be exactly what respond() answers, in every coding, but
 * for a fresh request id (header and envelope alike) and the time.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { fetchRaw } from '../../scripts/bench/recording.ts';
import { UUID, VIA_NGINX } from '../support/api-call.ts';
import { rawRequest } from '../support/raw-http.ts';

const baseUrl = inject('baseUrl');

const TARGETS = [
  '/api/projects/docs-hub',
  '/api/stacks?category=public-apis',
  // A page with a next page: its Link header is kept with the answer.
  '/api/projects?limit=2',
  // The same query spelled another way: its own kept answer, echoing its own spelling.
  '/api/projects?limit=2&q=',
];
const decode = { identity: (bytes: Buffer) => bytes, gzip: gunzipSync, br: brotliDecompressSync } as const;
/**
 * Headers that differ between two answers whatever made them. A payload's Brotli form is compressed
 * again at a better quality after its first requests, so its length may change (each answer's own
 * Content-Length is checked against its body).
 */
const PER_RESPONSE = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'content-length']);

interface Answer {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
  requestId: string;
}

async function get(path: string, coding: keyof typeof decode, headers: Record<string, string> = {}): Promise<Answer> {
  const recorded = await fetchRaw(baseUrl, { path, headers: { 'accept-encoding': coding, ...headers } });
  if (recorded.status !== 304) expect(recorded.headers['content-length']).toBe(String(recorded.body.length));
  const body = recorded.body.length === 0 ? '' : decode[coding](recorded.body).toString();
  return { status: recorded.status, headers: recorded.headers, body, requestId: String(recorded.headers['x-request-id']) };
}

/** An answer without what differs between two requests: the request id and the time. */
function comparable({ status, headers, body, requestId }: Answer) {
  const kept = Object.entries(headers).filter(([name]) => !PER_RESPONSE.has(name));
  return {
    status,
    headers: Object.fromEntries(kept.sort(([a], [b]) => a.localeCompare(b))),
    body: body.replace(`"request_id":"${requestId}"`, '"request_id":""').replace(/"timestamp":"[^"]+"/, '"timestamp":""'),
  };
}

describe.each(Object.keys(decode) as (keyof typeof decode)[])('repeated GETs in %s', (coding) => {
  it.each(TARGETS)('%s: each repeat is the handler’s answer, with its own request id and time', async (path) => {
    const repeats = [];
    for (let index = 0; index < 4; index += 1) repeats.push(await get(path, coding));
    // A request id of the client's own is echoed, so the handler answers it every time: the reference.
    const handlers = await get(path, coding, { 'x-request-id': 'memo-reference' });
    expect(handlers.requestId).toBe('memo-reference');
    for (const repeat of repeats) {
      expect(repeat.status).toBe(200);
      expect(repeat.requestId).toMatch(VIA_NGINX ? /^[0-9a-f]{32}$/ : UUID);
      expect(JSON.parse(repeat.body).request_id).toBe(repeat.requestId);
      expect(comparable(repeat)).toEqual(comparable(handlers));
    }
    expect(new Set(repeats.map((repeat) => repeat.requestId)).size).toBe(repeats.length);
    const times = repeats.map((repeat) => (JSON.parse(repeat.body) as { timestamp: string }).timestamp);
    expect([...times].sort()).toEqual(times);
    expect(Date.parse(times.at(-1)!)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('repeated conditional GETs', () => {
  it('a matching If-None-Match gets a 304 each time, each with its own request id; another ETag gets the 200', async () => {
    const { headers } = await get('/api/stacks', 'identity');
    const etag = String(headers['etag']);
    const notModified = [];
    for (let index = 0; index < 3; index += 1) notModified.push(await get('/api/stacks', 'identity', { 'if-none-match': etag }));
    for (const answer of notModified) {
      expect(answer.status).toBe(304);
      expect(answer.body).toBe('');
      expect(answer.headers['etag']).toBe(etag);
    }
    expect(new Set(notModified.map((answer) => answer.requestId)).size).toBe(3);
    const changed = await get('/api/stacks', 'identity', { 'if-none-match': 'W/"another"' });
    expect(changed.status).toBe(200);
    expect(JSON.parse(changed.body).payload).toBeDefined();
  });

  it('a HEAD after repeated GETs states the GET’s Content-Length, with no body', async () => {
    const gets = [await get('/api/projects/docs-hub', 'br'), await get('/api/projects/docs-hub', 'br')];
    const head = await rawRequest(baseUrl, '/api/projects/docs-hub', { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.text).toBeNull();
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    for (const answer of gets) expect(answer.status).toBe(200);
  });
});
