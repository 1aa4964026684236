/**
 * One worker process: serves the build on the port the primary shares, until the primary (or a
 * SIGTERM of its own) asks it to drain: /api/health answers 503, no new connection is accepted,
 * every response closes its connection, idle connections close, then the process exits 0. At the
 * drain deadline, whatever is left is cut. Its settings are the ones the primary checked; a worker
 * that cannot start tells the primary why before it exits, and the primary decides what follows.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { getHeapStatistics } from 'node:v8';
import { createRequestListener } from './app.ts';
import { CONNECTIONS_CHECKING_INTERVAL_MS, configFromPrimary, MAX_HEADER_SIZE } from './config.ts';
import { trackConnections } from './connections.ts';
import { answerClientError, refuseTunnel, sendError } from './error-response.ts';
import { MB } from './heap-limit.ts';
import { loadBuild } from './load-build.ts';
import { createLog, flushAndExit } from './log.ts';
import { createRateLimit, parseTrustProxy } from './rate-limit.ts';
import { START_FAILED } from './readiness.ts';
import { takeOverUnhandledRejections } from './unhandled-rejection.ts';

const log = createLog({ sync: false });
const config = configFromPrimary();

/** Ends a start that failed: the primary gets the cause (it logs it, and stops after several in a row), then exit 1. */
function startFailed(error: unknown): Promise<never> {
  const cause = error instanceof Error ? error.message : String(error);
  log.error({ message: 'worker cannot start', error: error instanceof Error ? (error.stack ?? cause) : cause });
  process.send?.({ type: START_FAILED, cause }, () => flushAndExit(log, 1));
  // Without a channel, or when the message cannot go, the exit still comes.
  setTimeout(() => flushAndExit(log, 1), 1_000);
  // Never settles: nothing after a failed start runs.
  return new Promise(() => {});
}

/** Set once draining starts (epoch ms). */
let drainDeadline: number | undefined;
/** Whether the server exists (a drain asked before simply exits). */
let serving = false;

/** Starts draining by `deadline` (idempotent); before the server exists, simply exits. */
function drain(reason: string, deadline = Date.now() + config.shutdownTimeoutMs) {
  if (drainDeadline !== undefined) return;
  drainDeadline = deadline;
  log.info({ message: 'worker draining', reason });
  if (serving) startDrain();
  else flushAndExit(log, 0);
}

// Listen for the primary before loading anything, so a drain asked during start-up is not lost.
process.on('message', (message: { type?: string; deadline?: number }) => {
  if (message.type === 'drain') drain('asked by the primary', message.deadline);
});
// Killed directly (systemd's control group, kill <pid>): drain too; the primary replaces this worker.
process.on('SIGTERM', () => drain('SIGTERM'));
// Ctrl-C and a closing terminal reach the whole process group: the primary decides what happens.
process.on('SIGINT', () => {});
process.on('SIGHUP', () => {});
// The primary is gone (even SIGKILLed): nobody will replace or stop this worker, so it stops itself.
process.on('disconnect', () => drain('the primary is gone'));

const build = await loadBuild(config.distDir, config.cacheBudgetBytes).catch(startFailed);
const { api } = build;
// After the build's import, which installed Astro's listener.
takeOverUnhandledRejections(log, (code) => flushAndExit(log, code));
// prom-client loads only when metrics are on (and after the build: a broken build fails fast).
const metrics = config.metricsPort === null ? null : (await import('./metrics.ts')).createWorkerMetrics(build);
const listener = createRequestListener(build, {
  log,
  logRequests: config.logRequests,
  draining: () => drainDeadline !== undefined,
  metrics,
  rateLimit: createRateLimit(config.rateLimit, parseTrustProxy(config.trustProxy), api),
});
// What the caches hold against the byte budget, the Brotli upgrades still to come, and the process's
// memory beside them, on demand (`kill -USR2 <worker pid>`): one log line.
process.on('SIGUSR2', () => log.info(api.workerReport(build.cache, process.memoryUsage())));

/** A request whose answer threw: logged, and answered 500 (or its connection cut, headers already out: sendError decides). */
function failed(req: IncomingMessage, res: ServerResponse, error: unknown) {
  log.error({ message: 'request failed', error: error instanceof Error ? error.stack : String(error) });
  sendError(req, res, 500, api);
}
// Loading made garbage beside what stays live, and V8 keeps a grown heap after an ordinary
// collection: one last-resort collection (--expose-gc, from the primary) shrinks it to the build's share.
(globalThis as { gc?: (options: object) => void }).gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
const server = createServer(
  {
    maxHeaderSize: MAX_HEADER_SIZE,
    headersTimeout: config.headersTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS,
    // A request without a body (every GET and HEAD) skips the stream events of one. Only /mcp reads
    // a body, and a POST carries one.
    optimizeEmptyRequests: true,
  },
  (req, res) => {
    if (!connections.requestStarted(req, res)) return;
    try {
      listener(req, res)?.catch((error: unknown) => failed(req, res, error));
    } catch (error) {
      failed(req, res, error);
    }
  },
);
const connections = trackConnections(server, (inFlight) =>
  log.warn({ message: 'connection cut: too many pipelined requests', in_flight: inFlight }),
);
server.on('connect', (req: IncomingMessage, socket: Socket) => {
  log.info({ message: 'tunnel refused', method: req.method, target: req.url, status: 405 });
  refuseTunnel(socket, api);
});
// Requests the parser refuses (an unencoded byte in the target, headers too large or too slow) are
// answered like every other error: the API's envelope under /api, the site's text elsewhere.
server.on('clientError', (error: Error & { code?: string }, socket: Socket) => {
  const status = answerClientError(error, socket, api);
  // One line for each refused request, as for every answered one (server/request-log.ts).
  if (status !== undefined && config.logRequests)
    log.info({ message: 'request refused by the parser', status, reason: error.code ?? error.message });
});

serving = true;
function startDrain() {
  // Stop accepting (the primary hands new connections to the other workers) without closing idle
  // connections at once, as http.Server#close would: a client may be sending its next request on one.
  NetServer.prototype.close.call(server);
  connections.drain(drainDeadline!, (cut) => {
    if (cut) log.warn({ message: 'drain deadline reached: cutting connections', ...cut });
    flushAndExit(log, 0);
  });
}
// A drain asked while the build was loading is already exiting.
if (drainDeadline === undefined) {
  // A port taken since the primary's check, or refused: the start failed (after listening, the
  // server reports no such errors).
  server.once('error', startFailed);
  server.listen(config.port, config.host, () => {
    server.off('error', startFailed);
    // The build's share, counted once: the heap after start-up's garbage is collected (above).
    const heap = getHeapStatistics();
    log.info({
      message: 'worker listening',
      build: build.id,
      heap_used_mb: Math.round(heap.used_heap_size / MB),
      heap_limit_mb: Math.round(heap.heap_size_limit / MB),
      cache_budget_mb: Math.round(build.cache.budget / MB),
    });
  });
}
