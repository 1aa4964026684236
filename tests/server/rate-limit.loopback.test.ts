/**
 * The per-client rate limit, on its own server (same build): RATE_LIMIT=4/60s shared by two
 * workers, TRUST_PROXY=127.0.0.1. Requests from 127.0.0.1 are a trusted proxy's, so their
 * X-Forwarded-For names the client; requests from 127.0.0.2 (loopback too) are an untrusted peer's,
 * whose X-Forwarded-For is ignored.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_CARD_PATH } from '../../src/discovery/server-card.ts';
import { ROUTES } from '../../src/routes/routes.ts';
import { apiUrl } from '../../src/routes/urls.ts';
import { expectContractHeaders, expectMatchesContract } from '../support/contract.ts';
import { eventually, logLines } from '../support/processes.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const LIMIT = 4;
const WINDOW_SECONDS = 60;
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ RATE_LIMIT: `${LIMIT}/${WINDOW_SECONDS}s`, TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => {
  await server.stop();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One GET on a fresh connection (either worker may take it), from `localAddress`. */
function get(
  path: string,
  { forwardedFor, from = '127.0.0.1', on = server }: { forwardedFor?: string; from?: string; on?: RunningServer } = {},
): Promise<Answer> {
  const { hostname, port } = new URL(on.url);
  const headers = forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor };
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: hostname, port: Number(port), path, headers, agent: false, localAddress: from }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The `r` (remaining) of a RateLimit field. */
const remaining = (answer: Answer) => Number(/;r=(\d+)/.exec(String(answer.headers['ratelimit']))?.[1]);
const stacksRoute = ROUTES.find((route) => route.id === 'listStacks')!;
const stacks = apiUrl('listStacks');

/** How many workers of `on` have logged a `status` for the stacks endpoint so far. */
const workersLogging = (on: RunningServer, status: number) =>
  new Set(
    logLines(on.output())
      .filter((line) => line['path'] === stacks && line['status'] === status)
      .map((line) => line['pid']),
  ).size;

describe('rate limit', () => {
  it('counts down in RateLimit, then answers 429 with Retry-After and the envelope, on whichever worker', async () => {
    const client = { forwardedFor: '198.51.100.7' };
    const answers: Answer[] = [];
    // Fresh connections until both workers have answered some (the kernel picks the worker).
    for (let index = 0; index < 40; index += 1) answers.push(await get(stacks, client));
    expect(answers.slice(0, LIMIT).map((answer) => answer.status)).toEqual(Array(LIMIT).fill(200));
    expect(answers.slice(LIMIT).every((answer) => answer.status === 429)).toBe(true);
    expect(answers.slice(0, LIMIT).map(remaining)).toEqual([3, 2, 1, 0]);
    for (const answer of answers) expect(answer.headers['ratelimit-policy']).toBe(`"api";q=${LIMIT};w=${WINDOW_SECONDS}`);
    const refused = answers[LIMIT]!;
    expect(remaining(refused)).toBe(0);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    const body = JSON.parse(refused.body) as { error: { code: string; status: number }; path: string };
    expect(body.error).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(body.path).toBe(stacks);
    expectMatchesContract(stacksRoute.path, 429, body);
    expectContractHeaders(stacksRoute.path, 429, new Headers(refused.headers as Record<string, string>));
    // The refusals came from both workers: the count is the machine's, not one worker's. (Request
    // lines leave a worker in batches, at the latest 100 ms later: wait for them.)
    expect(await eventually(() => workersLogging(server, 429) === 2, 5_000)).toBe(true);
  });

  it('gives each forwarded client of a trusted proxy its own quota, the right-most untrusted hop', async () => {
    const fresh = await get(stacks, { forwardedFor: '198.51.100.8' });
    expect(fresh.status).toBe(200);
    expect(remaining(fresh)).toBe(LIMIT - 1);
    // The client wrote 198.51.100.7 itself; the proxy appended what it saw: 203.0.113.5.
    const chained = await get(stacks, { forwardedFor: '198.51.100.7, 203.0.113.5' });
    expect(chained.status).toBe(200);
    expect(remaining(chained)).toBe(LIMIT - 1);
    // Trusted hops are skipped: 198.51.100.7 is still the client here, and still over its quota.
    expect((await get(stacks, { forwardedFor: '198.51.100.7, 127.0.0.1' })).status).toBe(429);
  });

  it('ignores the X-Forwarded-For of an untrusted peer', async () => {
    // 127.0.0.2 claims to forward for a client with quota left: it is counted as itself.
    const spoofed: Answer[] = [];
    for (let index = 0; index < LIMIT + 1; index += 1)
      spoofed.push(await get(stacks, { from: '127.0.0.2', forwardedFor: `192.0.2.${index + 1}` }));
    expect(spoofed.map(remaining).slice(0, LIMIT)).toEqual([3, 2, 1, 0]);
    expect(spoofed.at(-1)!.status).toBe(429);
  });

  it('never limits pages and static files', async () => {
    const page = await get('/projects/', { forwardedFor: '198.51.100.7' });
    expect(page.status).toBe(200);
    expect(page.headers['ratelimit']).toBeUndefined();
    expect(page.headers['ratelimit-policy']).toBeUndefined();
  });

  it('counts the MCP server card, as all of /mcp, and says so on its answer', async () => {
    const card = await get(SERVER_CARD_PATH, { forwardedFor: '198.51.100.8' });
    expect(card.status).toBe(200);
    expect(card.headers['ratelimit-policy']).toBeDefined();
    expect(remaining(card)).toBeLessThan(LIMIT);
  });
});

describe('rate limit of a busy client (leases)', () => {
  // Far above the 32 requests counted one by one: the workers get leases, and the primary must
  // recall them before refusing. Without the recall, unused leases make refusals come early.
  const BUSY_LIMIT = 300;
  let busy: RunningServer;
  beforeAll(async () => {
    busy = await startServer({ RATE_LIMIT: `${BUSY_LIMIT}/${WINDOW_SECONDS}s`, TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await busy.stop();
  });

  it('still refuses exactly the requests past the limit, 8 at a time on both workers', async () => {
    const client = { forwardedFor: '198.51.100.9', on: busy };
    const answers: Answer[] = [];
    for (let index = 0; index < BUSY_LIMIT + 40; index += 8)
      answers.push(...(await Promise.all(Array.from({ length: 8 }, () => get(stacks, client)))));
    expect(answers.filter((answer) => answer.status === 200).length).toBe(BUSY_LIMIT);
    expect(answers.filter((answer) => answer.status === 429).length).toBe(answers.length - BUSY_LIMIT);
    // Both workers answered the client, so both held leases of its quota.
    expect(await eventually(() => workersLogging(busy, 200) === 2, 5_000)).toBe(true);
  });
});
