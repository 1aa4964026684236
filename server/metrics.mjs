// @ts-check
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
import client from 'prom-client';
import { isMcpPath } from './rate-limit.mjs';
import { createRequestRecorder } from './request-metrics.mjs';

const { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Registry } = client;

/** Sub-millisecond answers are the norm here (cached payloads, files from memory): resolve them. */
const DURATION_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Bound on distinct MCP tool labels, whatever names clients send. */
const MAX_TOOL_LABELS = 64;
/** A file name extension, for telling static files from pages. */
const EXTENSION = /\.[a-z0-9]+$/i;

/**
 * What a cache reports when scraped. `bytes` and `budgetBytes` are per worker; the primary sums them.
 * @typedef {{ bytes: number, budgetBytes: number, hits: number, misses: number, evictions: number }} CacheStats
 */

/**
 * The http_route label of a request path (see the module comment).
 * @param {string} path
 * @param {Pick<import('./load-build.mjs').ApiBundle, 'isApiPath' | 'routeTemplateFor'>} api the route table's lookups
 */
export function routeLabel(path, api) {
  if (api.isApiPath(path)) return api.routeTemplateFor(path) ?? 'unmatched';
  if (isMcpPath(path)) return 'mcp';
  if (path.endsWith('/') || path.endsWith('.html') || path.endsWith('.md') || !EXTENSION.test(path)) return 'page';
  return 'static';
}

/**
 * The metrics of one worker, in prom-client's global registry (the one the primary's aggregation asks).
 * @param {{ build: import('./load-build.mjs').Build, caches: () => Record<string, CacheStats> }} options
 */
export function createWorkerMetrics({ build, caches }) {
  const registry = client.register;
  // Constructing one installs the worker's answer to the primary's requests for its metrics.
  new AggregatorRegistry();
  // Default process metrics, one series per worker (the primary would otherwise add them up).
  collectDefaultMetrics({ register: registry, labels: { worker: String(cluster.worker?.id ?? 0) } });

  const recorder = createRequestRecorder(DURATION_BUCKETS, (path) => routeLabel(path, build.api));
  registerRequestMetrics(registry, recorder);
  const mcpCalls = new Counter({ name: 'mcp_tool_calls_total', help: 'MCP tool calls, by tool.', labelNames: ['tool', 'outcome'] });
  /** @type {Set<string>} */
  const toolLabels = new Set();

  new Gauge({
    name: 'build_info',
    help: 'The build this worker serves (value 1).',
    labelNames: ['build_id'],
    aggregator: 'max',
  })
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

  registerCacheMetrics(caches);

  return {
    /** Counts a request in flight; hand what it returns to `finished`. */
    started: recorder.started,
    /** Records a request its connection is done with (from the request's one 'close' listener). */
    finished: recorder.finished,
    /**
     * Counts one MCP tool call (for the MCP endpoint to call); names past the bound count as `other`.
     * @param {string} tool
     * @param {'ok' | 'error'} outcome
     */
    recordMcpToolCall(tool, outcome) {
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
 * @param {import('prom-client').Registry} registry
 * @param {ReturnType<typeof createRequestRecorder>} recorder
 */
function registerRequestMetrics(registry, recorder) {
  const name = 'http_server_request_duration_seconds';
  const help = 'Duration of HTTP server requests, until the response is handed to the socket.';
  const bucketName = `${name}_bucket`;
  const get = async () => {
    /** @type {{ labels: Record<string, string | number>, value: number, metricName: string }[]} */
    const values = [];
    for (const { method, route, status, buckets, sum, count } of recorder.durations()) {
      const labels = { http_request_method: method, http_route: route, http_response_status_code: String(status) };
      let cumulative = 0;
      DURATION_BUCKETS.forEach((bound, index) => {
        cumulative += /** @type {number} */ (buckets[index]);
        values.push({ labels: { ...labels, le: bound }, value: cumulative, metricName: bucketName });
      });
      values.push({ labels: { ...labels, le: '+Inf' }, value: count, metricName: bucketName });
      values.push({ labels, value: sum, metricName: `${name}_sum` });
      values.push({ labels, value: count, metricName: `${name}_count` });
    }
    return { name, help, type: 'histogram', values, aggregator: 'sum' };
  };
  registry.registerMetric(/** @type {any} */ ({ name, help, type: 'histogram', aggregator: 'sum', get, reset() {} }));

  new Gauge({
    name: 'http_server_active_requests',
    help: 'HTTP server requests in flight.',
    labelNames: ['http_request_method'],
    collect() {
      for (const [method, count] of recorder.inFlight()) this.labels(method).set(count);
    },
  });
  /** @type {Map<string, number>} what the counter already holds, by coding */
  const bytesCounted = new Map();
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
 * @param {() => Record<string, CacheStats>} caches
 */
function registerCacheMetrics(caches) {
  const read = () => Object.entries(caches());
  new Gauge({
    name: 'cache_bytes',
    help: 'Bytes a cache holds (summed over workers).',
    labelNames: ['cache'],
    collect() {
      for (const [name, stats] of read()) this.labels(name).set(stats.bytes);
    },
  });
  new Gauge({
    name: 'cache_budget_bytes',
    help: 'The most bytes a cache may hold (summed over workers).',
    labelNames: ['cache'],
    collect() {
      for (const [name, stats] of read()) this.labels(name).set(stats.budgetBytes);
    },
  });
  for (const [field, help] of /** @type {const} */ ([
    ['hits', 'Lookups a cache answered.'],
    ['misses', 'Lookups a cache could not answer.'],
    ['evictions', 'Entries a cache dropped to stay within its budget.'],
  ])) {
    /** @type {Map<string, number>} what each counter already holds, so a scrape adds only the difference */
    const seen = new Map();
    new Counter({
      name: `cache_${field}_total`,
      help,
      labelNames: ['cache'],
      collect() {
        for (const [name, stats] of read()) {
          // inc(0) too: every cache has its series from the first scrape on.
          this.labels(name).inc(Math.max(0, stats[field] - (seen.get(name) ?? 0)));
          seen.set(name, stats[field]);
        }
      },
    });
  }
}

/**
 * In the primary: worker lifecycle counters, and the listener that serves every metric.
 * @param {import('./config.mjs').ServerConfig} config
 * @param {import('./log.ts').Log} log
 */
export function startPrimaryMetrics(config, log) {
  const registry = new Registry();
  const starts = new Counter({ name: 'worker_starts_total', help: 'Worker processes started.', registers: [registry] });
  const exits = new Counter({
    name: 'worker_exits_total',
    help: 'Worker processes that exited: retired (asked to drain) or unexpected (a crash or a kill).',
    labelNames: ['reason'],
    registers: [registry],
  });
  const reloads = new Counter({
    name: 'worker_reloads_total',
    help: 'Rolling reloads (SIGHUP), by outcome.',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const ready = new Gauge({
    name: 'server_ready',
    help: 'The readiness the primary tells systemd: 1 once the build is loaded and every worker listens, 0 before and while stopping.',
    registers: [registry],
  });
  const lifecycle = {
    /** @param {boolean} isReady */
    ready: (isReady) => ready.set(isReady ? 1 : 0),
    started: () => starts.inc(),
    /** @param {'retired' | 'unexpected'} reason */
    exited: (reason) => exits.labels(reason).inc(),
    /** @param {'completed' | 'stopped'} outcome */
    reloaded: (outcome) => reloads.labels(outcome).inc(),
  };
  if (config.metricsPort === null) return lifecycle;

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
  server.listen(config.metricsPort, config.metricsHost, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.metricsPort;
    log.info({ message: 'metrics listening', url: `http://${config.metricsHost}:${port}/metrics` });
  });
  // The metrics listener never holds the primary up at shutdown.
  server.unref();
  return lifecycle;
}
