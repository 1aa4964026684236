/**
 * Prometheus metrics with prom-client. Each worker records into its own registry; the primary
 * serves them on METRICS_PORT (never the public port), aggregated across workers by prom-client's
 * AggregatorRegistry, followed by its own worker lifecycle counters: one scrape covers the machine.
 *
 * Names follow the OpenTelemetry HTTP semantic conventions in Prometheus form. `http_route` is a
 * route-table template (`/api/projects/{slug}`), `unmatched` (an API path no route answers), `mcp`,
 * `page` or `static`: never a raw path, so any number of distinct URLs adds no series.
 */
import cluster from 'node:cluster';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import client from 'prom-client';
import type { ServerConfig } from './config.ts';
import type { ApiBundle, Build } from './load-build.ts';
import type { Log } from './log.ts';
import { isMcpPath } from './rate-limit.ts';

const { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = client;

/** Sub-millisecond answers are the norm here (cached payloads, files from memory): resolve them. */
const DURATION_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Bound on distinct MCP tool labels, whatever names clients send. */
const MAX_TOOL_LABELS = 64;
/** A file name extension, for telling static files from pages. */
const EXTENSION = /\.[a-z0-9]+$/i;
/** OpenTelemetry's known methods; any other is `_OTHER`, so a client's methods add no series. */
const METHODS = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE']);

/** The http_route label of a request path (see the module comment), from the route table's lookups. */
function routeLabel(path: string, api: Pick<ApiBundle, 'isApiPath' | 'routeTemplateFor'>): string {
  if (api.isApiPath(path)) return api.routeTemplateFor(path) ?? 'unmatched';
  if (isMcpPath(path)) return 'mcp';
  if (path.endsWith('/') || path.endsWith('.html') || path.endsWith('.md') || !EXTENSION.test(path)) return 'page';
  return 'static';
}

const methodLabel = (req: IncomingMessage) => (METHODS.has(req.method!) ? req.method! : '_OTHER');

/**
 * A header's value in a sent header block, in the two spellings written here: this server's
 * (`Content-Length`) and Astro's (`content-length`); a case-blind regular expression costs more.
 */
function headerValue(head: string, name: string) {
  let at = head.indexOf(`\r\n${name}: `);
  if (at === -1) at = head.indexOf(`\r\n${name.toLowerCase()}: `);
  if (at === -1) return undefined;
  const from = at + name.length + 4;
  return head.slice(from, head.indexOf('\r\n', from)).trim();
}

/** The metrics of one worker, in prom-client's global registry (the one the primary's aggregation asks). */
export function createWorkerMetrics(build: Build) {
  // Constructing one installs the worker's answer to the primary's requests for its metrics.
  new AggregatorRegistry();
  // Default process metrics, one series per worker (the primary would otherwise add them up).
  collectDefaultMetrics({ labels: { worker: String(cluster.worker?.id ?? 0) } });

  const durations = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Duration of HTTP server requests, until the response is handed to the socket.',
    labelNames: ['http_request_method', 'http_route', 'http_response_status_code'],
    buckets: DURATION_BUCKETS,
  });
  const active = new Gauge({
    name: 'http_server_active_requests',
    help: 'HTTP server requests in flight.',
    labelNames: ['http_request_method'],
  });
  const bytesSent = new Counter({
    name: 'http_server_response_body_size_bytes_total',
    help: 'Response body bytes sent, by content coding.',
    labelNames: ['content_coding'],
  });
  const mcpCalls = new Counter({ name: 'mcp_tool_calls_total', help: 'MCP tool calls, by tool.', labelNames: ['tool', 'outcome'] });
  const toolLabels = new Set<string>();

  new Gauge({ name: 'build_info', help: 'The build this worker serves (value 1).', labelNames: ['build_id'], aggregator: 'max' })
    .labels(build.id)
    .set(1);
  const entries = new Gauge({
    name: 'build_catalog_entries',
    help: 'Entries per collection in the served build.',
    labelNames: ['build_id', 'collection'],
    aggregator: 'max',
  });
  for (const [collection, value] of Object.entries(build.catalog.collections)) {
    entries.labels(build.id, collection).set(Array.isArray(value) ? value.length : 1);
  }

  registerCacheMetrics(build.cache);

  return {
    /** Counts a request in flight. */
    started(req: IncomingMessage) {
      active.labels(methodLabel(req)).inc();
    },
    /** Records a request its connection is done with: `path` without the query, `seconds` how long it took. */
    finished(req: IncomingMessage, res: ServerResponse, path: string, seconds: number) {
      const method = methodLabel(req);
      active.labels(method).dec();
      durations.labels(method, routeLabel(path, build.api), String(res.statusCode)).observe(seconds);
      // _header: the header block Node wrote (headers given to writeHead are not kept elsewhere).
      const head = (res as unknown as { _header: string | null })._header;
      const length = head ? headerValue(head, 'Content-Length') : undefined;
      if (length === undefined || length === '0') return;
      bytesSent.labels(headerValue(head!, 'Content-Encoding')?.toLowerCase() ?? 'identity').inc(Number(length));
    },
    /** Counts one MCP tool call (for the MCP endpoint to call); names past the bound count as `other`. */
    recordMcpToolCall(tool: string, outcome: 'ok' | 'error') {
      if (!toolLabels.has(tool) && toolLabels.size >= MAX_TOOL_LABELS) tool = 'other';
      toolLabels.add(tool);
      mcpCalls.labels(tool, outcome).inc();
    },
  };
}

/**
 * Cache gauges and counters, read from the worker's byte budget at scrape time, one `cache` label
 * per kind of entry; every kind shares the one budget. The cache only counts; it knows nothing of Prometheus.
 */
function registerCacheMetrics(cache: Build['cache']) {
  for (const [Metric, name, help, field] of [
    [Gauge, 'cache_bytes', 'Bytes a cache holds (summed over workers).', 'bytes'],
    [Gauge, 'cache_budget_bytes', 'The most bytes a cache may hold (summed over workers).', 'budgetBytes'],
    [Counter, 'cache_hits_total', 'Lookups a cache answered.', 'hits'],
    [Counter, 'cache_misses_total', 'Lookups a cache could not answer.', 'misses'],
    [Counter, 'cache_evictions_total', 'Entries a cache dropped to stay within its budget.', 'evictions'],
  ] as const) {
    new Metric({
      name,
      help,
      labelNames: ['cache'],
      // The cache's own totals, set afresh: every cache has its series from the first scrape on.
      collect(this: InstanceType<typeof Metric>) {
        this.reset();
        for (const [kind, stats] of Object.entries(cache.stats())) this.labels(kind).inc(stats[field]);
      },
    });
  }
}

/** In the primary: worker lifecycle counters, and the listener that serves every metric on METRICS_PORT. */
export function startPrimaryMetrics(config: ServerConfig, log: Log) {
  const registry = new Registry();
  const registers = [registry];
  const starts = new Counter({ name: 'worker_starts_total', help: 'Worker processes started.', registers });
  const exits = new Counter({
    name: 'worker_exits_total',
    help: 'Worker processes that exited: retired (asked to drain) or unexpected (a crash or a kill).',
    labelNames: ['reason'],
    registers,
  });
  const reloads = new Counter({
    name: 'worker_reloads_total',
    help: 'Rolling reloads (SIGHUP), by outcome.',
    labelNames: ['outcome'],
    registers,
  });
  const ready = new Gauge({
    name: 'server_ready',
    help: 'The readiness the primary tells systemd: 1 once the build is loaded and every worker listens, 0 before and while stopping.',
    registers,
  });

  const aggregator = new AggregatorRegistry();
  const server = createServer(async (req, res) => {
    if (req.url !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics are at /metrics.\n');
      return;
    }
    try {
      const body = `${await aggregator.clusterMetrics()}\n${await registry.metrics()}`;
      res
        .writeHead(200, { 'Content-Type': aggregator.contentType, 'Cache-Control': 'no-store' })
        .end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      log.error({ message: 'metrics scrape failed', error: error instanceof Error ? error.message : String(error) });
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n');
    }
  });
  server.listen(config.metricsPort ?? 0, config.metricsHost, () => {
    const { port } = server.address() as AddressInfo;
    log.info({ message: 'metrics listening', url: `http://${config.metricsHost}:${port}/metrics` });
  });
  // The metrics listener never holds the primary up at shutdown.
  server.unref();
  return {
    ready: (isReady: boolean) => ready.set(isReady ? 1 : 0),
    started: () => starts.inc(),
    exited: (reason: 'retired' | 'unexpected') => exits.labels(reason).inc(),
    reloaded: (outcome: 'completed' | 'stopped') => reloads.labels(outcome).inc(),
  };
}

/** The worker lifecycle the primary counts. */
export type Lifecycle = ReturnType<typeof startPrimaryMetrics>;
