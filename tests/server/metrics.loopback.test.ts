/**
 * Prometheus metrics on their own loopback listener: one scrape of the primary covers both
 * workers, names and labels follow the OpenTelemetry HTTP conventions with routes from the route
 * table, and 1,000 distinct unknown paths add no series. Its own server (same build), METRICS_PORT=0.
 */
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_KINDS } from '../../src/api/cache-kinds.ts';
import { ROUTES } from '../../src/routes/routes.ts';
import { apiUrl } from '../../src/routes/urls.ts';
import { MCP_PATH } from '../../src/routes/mcp-endpoint.ts';
import { modernToolCall } from '../../scripts/lib/mcp-tool-call.ts';
import { testCatalog } from '../support/contract.ts';
import { eventually, requestsPerWorker } from '../support/processes.ts';
import { metricsUrl, samplesOf, scrape, seriesOf } from '../support/prometheus.ts';
import { rawRequest } from '../support/raw-http.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let url: string;
beforeAll(async () => {
  server = await startServer({ METRICS_PORT: '0' });
  expect(await eventually(() => metricsUrl(server.output()) !== undefined, 5_000)).toBe(true);
  url = metricsUrl(server.output())!;
});
afterAll(async () => {
  await server.stop();
});

/** One GET on a fresh connection (so the kernel hands it to either worker); resolves the status. */
function get(path: string, headers: Record<string, string> = {}): Promise<number> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: hostname, port: Number(port), path, headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const detailRoute = ROUTES.find((route) => route.detail === 'projects')!;
const projectSlug = testCatalog().collections.projects[0]!.slug;

describe('metrics', () => {
  it('is served on its own loopback listener, not on the public port', async () => {
    expect(new URL(url).hostname).toBe('127.0.0.1');
    expect(new URL(url).port).not.toBe(new URL(server.url).port);
    expect(await get('/metrics')).toBe(404);
  });

  it('aggregates both workers in one scrape, with routes from the route table and sub-millisecond buckets', async () => {
    const detail = apiUrl(detailRoute.id, projectSlug);
    const ok = { http_request_method: 'GET', http_route: detailRoute.path, http_response_status_code: '200' };
    const countNow = async () => samplesOf(await scrape(url), 'http_server_request_duration_seconds_count', ok)[0]?.value ?? 0;
    const before = await countNow();
    const sent = 40;
    for (let index = 0; index < sent; index += 1) expect(await get(detail)).toBe(200);
    await get('/projects/');
    await get('/favicon.svg');
    await get(apiUrl('listStacks'), { 'Accept-Encoding': 'gzip' });
    // Both workers answered some of them (the log says which, within 100 ms), and one scrape counts them all.
    expect(await eventually(() => Object.keys(requestsPerWorker(server.output())).length === 2, 5_000)).toBe(true);
    expect((await countNow()) - before).toBe(sent);
    const result = await scrape(url);
    expect(result.types.get('http_server_request_duration_seconds')).toBe('HISTOGRAM');
    const counts = samplesOf(result, 'http_server_request_duration_seconds_count');
    expect(counts.map((sample) => sample.labels['http_route'])).toEqual(
      expect.arrayContaining([detailRoute.path, apiUrl('listStacks'), 'page', 'static']),
    );
    expect(Object.keys(counts[0]!.labels).sort()).toEqual(['http_request_method', 'http_response_status_code', 'http_route']);
    const buckets = samplesOf(result, 'http_server_request_duration_seconds_bucket', ok).map((sample) => sample.labels['le']);
    expect(buckets).toContain('0.0001');
    const bytes = samplesOf(result, 'http_server_response_body_size_bytes_total').map((sample) => sample.labels['content_coding']);
    expect(bytes).toEqual(expect.arrayContaining(['identity', 'gzip']));
    expect(result.types.get('http_server_active_requests')).toBe('GAUGE');
  });

  it('reports the build, the caches against their budget, worker starts and each worker\u2019s process metrics', async () => {
    // The byte budget keeps what is made a second time: a payload and a file, each asked thrice on one connection (one worker).
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let attempt = 0; attempt < 3; attempt++) {
      await rawRequest(server.url, apiUrl('listStacks'), { agent });
      await rawRequest(server.url, '/llms.txt', { agent });
    }
    agent.destroy();
    const result = await scrape(url);
    const health = (await (await fetch(`${server.url}${apiUrl('getHealth')}`)).json()) as { payload: { build: string } };
    expect(samplesOf(result, 'build_info')).toEqual([{ name: 'build_info', labels: { build_id: health.payload.build }, value: 1 }]);
    expect(samplesOf(result, 'build_catalog_entries', { collection: 'projects' })[0]?.value).toBe(
      testCatalog().collections.projects.length,
    );
    // One label per kind of entry in the worker's byte budget (src/api/cache-kinds.ts), only kinds it knows.
    const KINDS = Object.values(CACHE_KINDS).map((kind) => kind.name as string);
    for (const name of ['cache_bytes', 'cache_budget_bytes', 'cache_hits_total', 'cache_misses_total']) {
      const kinds = samplesOf(result, name).map((sample) => sample.labels['cache']);
      expect(kinds, name).toEqual(expect.arrayContaining(['file', 'payload']));
      expect(
        kinds.filter((kind) => !KINDS.includes(kind!)),
        name,
      ).toEqual([]);
    }
    // Summed over the workers: one of them answered the connection above.
    const held = (cache: string) => samplesOf(result, 'cache_bytes', { cache }).reduce((sum, sample) => sum + sample.value, 0);
    expect(held('file')).toBeGreaterThan(0);
    expect(held('payload')).toBeGreaterThan(0);
    expect(samplesOf(result, 'worker_starts_total')[0]?.value).toBe(2);
    const workers = samplesOf(result, 'process_resident_memory_bytes').map((sample) => sample.labels['worker']);
    expect(workers.sort()).toEqual(['1', '2']);
  });

  it('counts MCP tool calls by tool and outcome', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const call = async (name: string, args: Record<string, unknown>) => {
      const { headers, body } = modernToolCall(1, name, args);
      return (await rawRequest(server.url, MCP_PATH, { method: 'POST', headers, body, agent })).status;
    };
    const read = async () => {
      const result = await scrape(url);
      const value = (name: string, labels: Record<string, string>) =>
        samplesOf(result, name, labels).reduce((sum, sample) => sum + sample.value, 0);
      return {
        ok: value('mcp_tool_calls_total', { tool: 'get_entry', outcome: 'ok' }),
        error: value('mcp_tool_calls_total', { tool: 'get_entry', outcome: 'error' }),
        unknown: value('mcp_tool_calls_total', { tool: 'unknown', outcome: 'error' }),
      };
    };
    const before = await read();
    for (let index = 0; index < 4; index++) expect(await call('get_entry', { collection: 'projects', slug: projectSlug })).toBe(200);
    for (let index = 0; index < 2; index++) expect(await call('get_entry', { collection: 'projects', slug: `${projectSlug}x` })).toBe(200);
    await call('no_such_tool', {});
    agent.destroy();
    const after = await read();
    expect(after.ok - before.ok).toBe(4);
    expect(after.error - before.error).toBe(2);
    expect(after.unknown - before.unknown).toBe(1);
  });

  it('adds no series for 1,000 distinct unknown paths, pages and API alike', async () => {
    // A first unknown page and API path create their (bounded) 404 series.
    await get('/no-such-page-warmup');
    await get('/api/no-such-endpoint-warmup?q=x');
    const before = seriesOf(await scrape(url)).filter((series) => series.startsWith('http_'));
    // Eight clients at once, each on fresh connections: a thousand in turn spent 5 s waiting on round trips.
    const paths = Array.from({ length: 1000 }, (_, index) =>
      index % 2 === 0 ? `/no-such-page-${index}/?q=${index}` : `/api/no-such-${index}?x=${index}`,
    );
    const statuses = new Map<string, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < paths.length) {
          const path = paths[next++]!;
          statuses.set(path, await get(path));
        }
      }),
    );
    expect(statuses.size).toBe(paths.length);
    expect([...statuses].filter(([, status]) => status !== 404)).toEqual([]);
    const after = seriesOf(await scrape(url)).filter((series) => series.startsWith('http_'));
    expect(after).toEqual(before);
    expect(after.join('\n')).not.toMatch(/no-such/);
  });
});
