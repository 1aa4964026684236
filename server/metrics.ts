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
import { createServer } from 'node:http';
import client, { type Metric, type Registry as RegistryType } from 'prom-client';
import type { ServerConfig } from './config.ts';
import type { ApiBundle, Build } from './load-build.ts';
import type { Log } from './log.ts';
import { isMcpPath } from './rate-limit.ts';
import { createRequestRecorder } from './request-metrics.ts';

const { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Registry } = client;

/** Sub-millisecond answers are the norm here (cached payloads, files from memory): resolve them. */
const DURATION_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Bound on distinct MCP tool labels, whatever names clients send. */
const MAX_TOOL_LABELS = 64;
/** A file name extension, for telling static files from pages. */
const EXTENSION = /\.[a-z0-9]+$/i;

/** What a cache reports when scraped. `bytes` and `budgetBytes` are per worker; the primary sums them. */
export interface CacheStats {
  bytes: number;
  budgetBytes: number;
  hits: number;
  misses: number;
  evictions: number;
}

/** The http_route label of a request path (see the module comment), from the route table's lookups. */
export function routeLabel(path: string, api: Pick<ApiBundle, 'isApiPath' | 'routeTemplateFor'>): string {
  if (api.isApiPath(path)) return api.routeTemplateFor(path) ?? 'unmatched';
  if (isMcpPath(path)) return 'mcp';
  if (path.endsWith('/') || path.endsWith('.html') || path.endsWith('.md') || !EXTENSION.test(path)) return 'page';
  return 'static';
}

/** The metrics of one worker, in prom-client's global registry (the one the primary's aggregation asks). */
export function createWorkerMetrics(build: Build) {
  const registry = client.register;
  // Constructing one installs the worker's answer to the primary's requests for its metrics.
  new AggregatorRegistry();
  // Default process metrics, one series per worker (the primary would otherwise add them up).
  collectDefaultMetrics({ register: registry, labels: { worker: String(cluster.worker?.id ?? 0) } });

  const recorder = createRequestRecorder(DURATION_BUCKETS, (path) => routeLabel(path, build.api));
  registerRequestMetrics(registry, recorder);
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

  registerCacheMetrics(() => build.cache.stats());

  return {
    /** Counts a request in flight; hand what it returns to `finished`. */
    started: recorder.started,
    /** Records a request its connection is done with (from the request's one 'close' listener). */
    finished: recorder.finished,
    /** Counts one MCP tool call (for the MCP endpoint to call); names past the bound count as `other`. */
    recordMcpToolCall(tool: string, outcome: 'ok' | 'error') {
      if (!toolLabels.has(tool) && toolLabels.size >= MAX_TOOL_LABELS) tool = 'other';
      toolLabels.add(tool);
      mcpCalls.labels(tool, outcome).inc();
    },
  };
}

/**
 * The HTTP metrics, read from the request recorder's plain numbers at scrape time. The duration
 * histogram is a registry entry of prom-client's own JSON form (what Registry#getMetricsAsJSON and
 * the AggregatorRegistry read), so the exposition and the sum across workers stay prom-client's.
 */
function registerRequestMetrics(registry: RegistryType, recorder: ReturnType<typeof createRequestRecorder>) {
  const name = 'http_server_request_duration_seconds';
  const help = 'Duration of HTTP server requests, until the response is handed to the socket.';
  const bucketName = `${name}_bucket`;
  const get = async () => {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const { method, route, status, buckets, sum, count } of recorder.durations()) {
      const labels = { http_request_method: method, http_route: route, http_response_status_code: String(status) };
      let cumulative = 0;
      DURATION_BUCKETS.forEach((bound, index) => {
        cumulative += buckets[index]!;
        values.push({ labels: { ...labels, le: bound }, value: cumulative, metricName: bucketName });
      });
      values.push({ labels: { ...labels, le: '+Inf' }, value: count, metricName: bucketName });
      values.push({ labels, value: sum, metricName: `${name}_sum` });
      values.push({ labels, value: count, metricName: `${name}_count` });
    }
    return { name, help, type: 'histogram', values, aggregator: 'sum' };
  };
  registry.registerMetric({ name, help, type: 'histogram', aggregator: 'sum', get, reset() {} } as unknown as Metric);

  new Gauge({
    name: 'http_server_active_requests',
    help: 'HTTP server requests in flight.',
    labelNames: ['http_request_method'],
    collect() {
      for (const [method, count] of recorder.inFlight()) this.labels(method).set(count);
    },
  });
  /** What the counter already holds, by coding. */
  const bytesCounted = new Map<string, number>();
  new Counter({
    name: 'http_server_response_body_size_bytes_total',
    help: 'Response body bytes sent, by content coding.',
    labelNames: ['content_coding'],
    collect() {
      for (const [coding, bytes] of recorder.bytesSent) {
        this.labels(coding).inc(bytes - (bytesCounted.get(coding) ?? 0));
        bytesCounted.set(coding, bytes);
      }
    },
  });
}

/**
 * Cache gauges and counters, read from the worker's byte budget at scrape time, one `cache` label
 * per kind of entry (API payloads, directory slices, pages, files); every kind shares the one budget
 * (src/api/byte-cache.ts). The cache only counts; it knows nothing of Prometheus.
 */
function registerCacheMetrics(caches: () => Record<string, CacheStats>) {
  const read = () => Object.entries(caches());
  const gauge = (name: string, help: string, field: 'bytes' | 'budgetBytes') =>
    new Gauge({
      name,
      help,
      labelNames: ['cache'],
      collect() {
        for (const [cache, stats] of read()) this.labels(cache).set(stats[field]);
      },
    });
  gauge('cache_bytes', 'Bytes a cache holds (summed over workers).', 'bytes');
  gauge('cache_budget_bytes', 'The most bytes a cache may hold (summed over workers).', 'budgetBytes');
  for (const [field, help] of [
    ['hits', 'Lookups a cache answered.'],
    ['misses', 'Lookups a cache could not answer.'],
    ['evictions', 'Entries a cache dropped to stay within its budget.'],
  ] as const) {
    /** What each counter already holds, so a scrape adds only the difference. */
    const seen = new Map<string, number>();
    new Counter({
      name: `cache_${field}_total`,
      help,
      labelNames: ['cache'],
      collect() {
        for (const [cache, stats] of read()) {
          // inc(0) too: every cache has its series from the first scrape on.
          this.labels(cache).inc(Math.max(0, stats[field] - (seen.get(cache) ?? 0)));
          seen.set(cache, stats[field]);
        }
      },
    });
  }
}

/** The worker lifecycle the primary counts. */
export interface Lifecycle {
  ready(isReady: boolean): void;
  started(): void;
  exited(reason: 'retired' | 'unexpected'): void;
  reloaded(outcome: 'completed' | 'stopped'): void;
}

/** In the primary: worker lifecycle counters, and the listener that serves every metric on METRICS_PORT. */
export function startPrimaryMetrics(config: ServerConfig, log: Log): Lifecycle {
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
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.metricsPort;
    log.info({ message: 'metrics listening', url: `http://${config.metricsHost}:${port}/metrics` });
  });
  // The metrics listener never holds the primary up at shutdown.
  server.unref();
  return {
    ready: (isReady) => ready.set(isReady ? 1 : 0),
    started: () => starts.inc(),
    exited: (reason) => exits.labels(reason).inc(),
    reloaded: (outcome) => reloads.labels(outcome).inc(),
  };
}
