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
import { measure } from '../../scripts/bench/measure.ts';
import { floorServer, startProcess, type Running } from '../../scripts/bench/processes.ts';
import { fetchRaw, serializeRecordings, type Recorded } from '../../scripts/bench/recording.ts';

const baseUrl = inject('baseUrl');
const distDir = process.env['DIST_DIR'] ?? 'dist';
/** Headers node:http sets per connection and per response, on both servers alike. */
const PER_RESPONSE = ['date', 'x-request-id', 'connection', 'keep-alive'];
const SEARCHES = 50;

let workDir: string;
let classes: BenchClass[];
let recorded: Recorded[];
let floor: Running;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  // Variants repeat a plain class's requests on a server with a feature on: the floor replays the plain answers.
  classes = (await benchClasses(baseUrl, distDir, SEARCHES)).filter((item) => !item.variant);
  recorded = await Promise.all(classes.flatMap((item) => item.requests.map((request) => fetchRaw(baseUrl, request))));
  const file = join(workDir, 'recordings.jsonl');
  writeFileSync(file, serializeRecordings(recorded));
  floor = await startProcess((port) => floorServer(file, port), '/');
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

  it('answers a short autocannon run with the expected statuses only', async () => {
    const revalidation = classes.find((item) => item.status === 304)!;
    const sample = await measure(floor.url, revalidation.requests, revalidation.status, { connections: 2, duration: 1 });
    expect(sample.rps).toBeGreaterThan(0);
    expect(sample.unexpected).toBe(0);
  });
});
