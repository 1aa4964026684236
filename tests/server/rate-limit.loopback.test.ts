/**
 * The per-client rate limit, on its own server (same build): RATE_LIMIT=4/60s counted by each of two
 * workers on its own, TRUST_PROXY=127.0.0.1. Requests from 127.0.0.1 are a trusted proxy's, so their
 * X-Forwarded-For names the client; requests from 127.0.0.2 (loopback too) are an untrusted peer's,
 * whose X-Forwarded-For is ignored. One keep-alive connection stays on one worker; fresh connections
 * go to either (the kernel picks).
 */
import { Agent, request } from 'node:http';
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

interface GetOptions {
  forwardedFor?: string;
  from?: string;
  agent?: Agent;
  requestId?: string;
}

/** One GET from `from`, on a fresh connection unless `agent` keeps one. */
function get(path: string, { forwardedFor, from = '127.0.0.1', agent, requestId }: GetOptions = {}): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  const headers = {
    ...(forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor }),
    ...(requestId === undefined ? {} : { 'X-Request-Id': requestId }),
  };
  return new Promise((resolve, reject) => {
    const options = { host: hostname, port: Number(port), path, headers, agent: agent ?? false, localAddress: from };
    const outgoing = request(options, (response) => {
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

/** The statuses each worker has logged, in order, for the requests whose id starts with `prefix`, by pid. */
const statusesByWorker = (prefix: string) => {
  const byWorker = new Map<unknown, number[]>();
  for (const line of logLines(server.output()).filter((each) => String(each['request_id']).startsWith(prefix)))
    byWorker.set(line['pid'], [...(byWorker.get(line['pid']) ?? []), Number(line['status'])]);
  return byWorker;
};

/** Requests on one keep-alive connection: one worker answers them all. */
async function onOneConnection(count: number, options: { forwardedFor?: string; from?: string }) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const answers: Answer[] = [];
  for (let index = 0; index < count; index += 1) answers.push(await get(stacks, { ...options, agent }));
  agent.destroy();
  return answers;
}

describe('rate limit', () => {
  it('counts down in RateLimit on a worker, then answers 429 at request N+1 with Retry-After and the envelope', async () => {
    const answers = await onOneConnection(LIMIT + 2, { forwardedFor: '198.51.100.7' });
    expect(answers.map((answer) => answer.status)).toEqual([...Array(LIMIT).fill(200), 429, 429]);
    expect(answers.map(remaining)).toEqual([3, 2, 1, 0, 0, 0]);
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
  });

  it('counts on each worker apart: at most N a worker, so at most W·N across W workers', async () => {
    const answers: Answer[] = [];
    // Fresh connections until both workers have answered some (the kernel picks the worker).
    for (let index = 0; index < 40; index += 1)
      answers.push(await get(stacks, { forwardedFor: '198.51.100.10', requestId: `per-worker-${index}` }));
    // No worker has seen more than N of the first N requests, wherever they went.
    expect(answers.slice(0, LIMIT).map((answer) => answer.status)).toEqual(Array(LIMIT).fill(200));
    expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(2 * LIMIT);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
    // Each worker answered at most N (a refusal's log line carries no request id: count the 200s);
    // one of them had more than N of the 40, so answered exactly N. (Request lines leave a worker in
    // batches, at the latest 100 ms later: wait for them.)
    const passed = answers.filter((answer) => answer.status === 200).length;
    expect(await eventually(() => [...statusesByWorker('per-worker-').values()].flat().length === passed, 5_000)).toBe(true);
    const byWorker = [...statusesByWorker('per-worker-').values()].map((statuses) => statuses.length);
    expect(byWorker).toHaveLength(2);
    for (const count of byWorker) expect(count).toBeLessThanOrEqual(LIMIT);
    expect(Math.max(...byWorker)).toBe(LIMIT);
  });

  it('gives each forwarded client of a trusted proxy its own quota, the right-most untrusted hop', async () => {
    const fresh = await get(stacks, { forwardedFor: '198.51.100.8' });
    expect(fresh.status).toBe(200);
    expect(remaining(fresh)).toBe(LIMIT - 1);
    // The client wrote 198.51.100.7 itself; the proxy appended what it saw: 203.0.113.5.
    const chained = await get(stacks, { forwardedFor: '198.51.100.7, 203.0.113.5' });
    expect(chained.status).toBe(200);
    expect(remaining(chained)).toBe(LIMIT - 1);
    // Trusted hops are skipped: 198.51.100.10 is still the client here, and over its quota on both workers.
    expect((await get(stacks, { forwardedFor: '198.51.100.10, 127.0.0.1' })).status).toBe(429);
  });

  it('ignores the X-Forwarded-For of an untrusted peer', async () => {
    // 127.0.0.2 claims to forward for a new client each time: it is counted as itself.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const spoofed: Answer[] = [];
    for (let index = 0; index < LIMIT + 1; index += 1)
      spoofed.push(await get(stacks, { from: '127.0.0.2', forwardedFor: `192.0.2.${index + 1}`, agent }));
    agent.destroy();
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
