/**
 * The benchmark's yardstick: its request classes come from the route table and the built catalog,
 * and its floor server answers each of them with exactly the bytes the built server sent.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROUTES } from '../../src/routes/routes.ts';
import { benchClasses, SEARCH_LIMIT, type BenchClass } from '../../scripts/bench/classes.ts';
import { startFloor, type Running } from '../../scripts/bench/processes.ts';
import { fetchRaw, serializeRecordings, type Recorded } from '../../scripts/bench/recording.ts';
import { distinctSearchScript, shortTerms } from '../../scripts/bench/searches.ts';
import { findWrk, listScript, measure } from '../../scripts/bench/wrk.ts';

const baseUrl = inject('baseUrl');
const distDir = process.env['DIST_DIR'] ?? 'dist';
/** Headers node:http sets per connection and per response, on both servers alike. */
const PER_RESPONSE = ['date', 'x-request-id', 'connection', 'keep-alive'];
const SEARCHES = 50;
/** Debian's wrk, which the bench drives (installed on the development machines; the gates never install it). */
const wrk = findWrk();

let workDir: string;
let classes: BenchClass[];
let recorded: Recorded[];
let floor: Running;
/** The same process on its second port, replaying a second recordings file (the other side of a comparison). */
let otherSide: Running;
const OTHER_BODY = Buffer.from('the other side');

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  classes = await benchClasses(baseUrl, distDir, SEARCHES);
  recorded = await Promise.all(classes.flatMap((item) => item.requests.map((request) => fetchRaw(baseUrl, request))));
  const file = join(workDir, 'recordings.jsonl');
  writeFileSync(file, serializeRecordings(recorded));
  const other = join(workDir, 'other.jsonl');
  const otherHeaders = { 'content-type': 'text/plain', 'content-length': String(OTHER_BODY.length) };
  writeFileSync(other, serializeRecordings([{ ...recorded[0]!, status: 200, headers: otherHeaders, body: OTHER_BODY }]));
  [floor, otherSide] = (await startFloor([file, other])) as [Running, Running];
});
afterAll(async () => {
  await floor?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

const withoutPerResponse = (headers: Record<string, string | string[]>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.includes(name)));

describe('bench classes', () => {
  it('answer with the status each class expects', () => {
    const requests = classes.flatMap((item) => item.requests.map((request) => ({ request, status: item.status })));
    requests.forEach(({ request, status }, index) => expect(recorded[index]!.status, request.path).toBe(status));
  });

  it('search over distinct queries spread across every directory that has q', () => {
    const search = classes.find((item) => item.id === 'search')!.requests.map((request) => new URL(request.path, baseUrl));
    const directories = ROUTES.filter((route) => !route.detail && route.params.some((param) => param.name === 'q'));
    expect(new Set(search.map((url) => url.href)).size).toBe(SEARCHES);
    expect(new Set(search.map((url) => url.pathname))).toEqual(new Set(directories.map((route) => route.path)));
    for (const url of search) {
      const route = directories.find((directory) => directory.path === url.pathname)!;
      const limited = route.params.some((param) => param.name === 'limit');
      expect(url.searchParams.get('limit'), url.href).toBe(limited ? String(SEARCH_LIMIT) : null);
    }
  });
});

describe('bench floor', () => {
  it('replays every recorded answer byte for byte', async () => {
    const requests = classes.flatMap((item) => item.requests);
    for (const [index, request] of requests.entries()) {
      const original = recorded[index]!;
      const replayed = await fetchRaw(floor.url, request);
      expect(replayed.status, request.path).toBe(original.status);
      expect(withoutPerResponse(replayed.headers), request.path).toEqual(withoutPerResponse(original.headers));
      expect(replayed.body.equals(original.body), request.path).toBe(true);
    }
  });

  it('answers a second recordings file on its own port, in the same process', async () => {
    const request = classes[0]!.requests[0]!;
    expect(otherSide.pid).toBe(floor.pid);
    expect(otherSide.url).not.toBe(floor.url);
    expect((await fetchRaw(otherSide.url, request)).body.equals(OTHER_BODY)).toBe(true);
    expect((await fetchRaw(floor.url, request)).body.equals(recorded[0]!.body)).toBe(true);
  });

  it.skipIf(!wrk)('answers a short wrk run with the expected statuses only, and a wrong status is counted', async () => {
    const revalidation = classes.find((item) => item.status === 304)!;
    const script = (name: string, status: number) => {
      writeFileSync(join(workDir, name), listScript(revalidation.requests, status));
      return join(workDir, name);
    };
    const load = { wrk: wrk!, connections: 2, duration: 1 };
    const sample = await measure(floor, script('revalidation.lua', revalidation.status), load);
    expect(sample.rps).toBeGreaterThan(0);
    expect(sample.unexpected).toBe(0);
    // The same 304s, expected as 203s: wrk sees no failure (3xx), the status count does.
    const wrong = await measure(floor, script('wrong.lua', 203), load);
    expect(wrong.unexpected).toBe(wrong.requests);
  });
});

describe('bench distinct searches', () => {
  it.skipIf(!wrk)('sends the asked number of searches, each answered 200, then stops', async () => {
    const script = join(workDir, 'distinct.lua');
    const searches = 30;
    const connections = 4;
    writeFileSync(script, distinctSearchScript(await shortTerms(baseUrl), searches, connections));
    const server = { url: baseUrl, pid: process.pid, stop: async () => {}, nextLine: async () => '' };
    const sample = await measure(server, script, { wrk: wrk!, connections, duration: 30 }, ['0']);
    // Answers read in the same event-loop turn as the last one still count: a few over at most.
    expect(sample.requests).toBeGreaterThanOrEqual(searches + connections);
    expect(sample.requests).toBeLessThanOrEqual(searches + 2 * connections);
    expect(sample.unexpected).toBe(0);
  });
});
