/**
 * The primary process: forks the workers (server/worker.ts) that share the port, and keeps them
 * running. It serves nothing itself.
 *
 * - Start: WEB_CONCURRENCY workers, with the settings server/config.ts checked; once all of them
 *   listen, logs "listening" and tells systemd READY=1 (server/readiness.ts).
 * - A worker that cannot start (it exits before it listens: a broken build, a port taken since the
 *   check) says why; after MAX_FAILED_STARTS such exits in a row, the primary stops every worker and
 *   exits 1 with that cause, so a supervisor sees the failure (systemd's Restart=on-failure).
 * - A worker that exits unasked after listening (a crash, SIGKILL) is replaced at once. Workers that
 *   keep dying young are replaced after a growing delay (0.1 s, 0.2 s … 30 s), logged: never a busy spin.
 * - SIGHUP: rolling reload. A fresh worker (reading dist/ anew) starts; once it listens, one old
 *   worker drains; until every worker is new. If a fresh worker cannot start, the reload stops and
 *   the old workers keep serving.
 * - SIGTERM, SIGINT: every worker drains; the primary exits 0 when they are gone. At
 *   SHUTDOWN_TIMEOUT_MS the workers cut what is left; past that, the primary kills them and exits 1.
 *
 * The workers accept connections themselves from the shared socket (SCHED_NONE). With Node's
 * round-robin default the primary accepts and hands each connection over, and a connection handed
 * to a worker that has just died is never answered nor closed: a SIGKILL would strand clients.
 *
 * Each worker runs with (docs/decisions/byte-budget.md has the measurements):
 * - glibc's MALLOC_MMAP_THRESHOLD_ at 64 KB unless the operator sets it (server/config.ts): a fixed
 *   threshold returns a compressor's freed working memory to the system, where the default, rising
 *   to 32 MB, keeps it in the worker's RSS around the long-lived cached buffers;
 * - `--expose-gc`: it collects its start-up garbage once before it listens (server/load-build.ts);
 * - young-generation semi-spaces of at most 4 MB (V8's default grows to 16 under load): more frequent
 *   scavenges, a much smaller growth under distinct searches;
 * - an old generation of at most its heap plan (server/heap-limit.ts): the build's share and the
 *   byte budget. The operator's own `--max-semi-space-size` or `--max-old-space-size` wins.
 */
import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { workerEnv, type ServerConfig } from './config.ts';
import { workerHeapPlan } from './heap-limit.ts';
import { resolveDistDir } from './load-build.ts';
import { flushAndExit, type Log } from './log.ts';
import type { Lifecycle } from './metrics.ts';
import { notifyReady, START_FAILED } from './readiness.ts';

/** A worker up this long was not part of a crash loop. */
const STABLE_AFTER_MS = 10_000;
/** First delay of a crash loop, doubled at each further quick failure, up to the maximum. */
const BACKOFF_FIRST_MS = 100;
const BACKOFF_MAX_MS = 30_000;
/** How much earlier than the primary's bound the workers cut their connections. */
const WORKER_DEADLINE_MARGIN_MS = 250;
/** Workers in a row that exit before they listen, after which the primary gives up (a retry would not help). */
export const MAX_FAILED_STARTS = 3;

interface WorkerState {
  role: 'serving' | 'candidate' | 'retiring';
  startedAt: number;
  listening: boolean;
  startFailure?: string;
}

/** Without METRICS_PORT, nobody reads the lifecycle counters. */
const UNCOUNTED: Lifecycle = { ready() {}, started() {}, exited() {}, reloaded() {} };

/** Node flags for the workers, after the primary's own (see the module comment). */
function workerExecArgv(heapLimitMb: number, nodeOptions: string) {
  const given = [...process.execArgv, ...nodeOptions.split(/\s+/)];
  const unless = (flag: string, value: string) => (given.some((each) => each.startsWith(flag)) ? [] : [`${flag}=${value}`]);
  return [
    ...process.execArgv,
    '--expose-gc',
    ...unless('--max-semi-space-size', '4'),
    ...unless('--max-old-space-size', String(heapLimitMb)),
  ];
}

/**
 * The build folder a new worker will serve, for its heap plan. Gone since the start (a symlink
 * repointed at nothing): planned as empty, and the worker, failing to load it, says why.
 */
function buildFolder(named: string) {
  try {
    return resolveDistDir(named);
  } catch {
    return pathToFileURL(named);
  }
}

export async function runPrimary(config: ServerConfig, log: Log): Promise<void> {
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const exec = fileURLToPath(new URL('./worker.ts', import.meta.url));
  // prom-client loads only when metrics are on.
  const lifecycle = config.metricsPort === null ? UNCOUNTED : (await import('./metrics.ts')).startPrimaryMetrics(config, log);
  const workers = new Map<Worker, WorkerState>();
  let quickFailures = 0;
  /** Workers in a row that exited before they listened. */
  let failedStarts = 0;
  let gaveUp = false;
  let announced = false;
  let stoppingSince: number | undefined;
  let reloading = false;
  let reloadAgain = false;

  const fork = (role: WorkerState['role']) => {
    // Planned at each fork: a reload may serve a larger build.
    const heap = workerHeapPlan(buildFolder(config.distDir), config.cacheBudgetMb);
    log.info({ message: 'worker heap plan', share_mb: heap.shareMb, budget_mb: heap.budgetMb, limit_mb: heap.limitMb });
    cluster.setupPrimary({ exec, execArgv: workerExecArgv(heap.limitMb, config.nodeOptions) });
    const worker = cluster.fork(workerEnv(config));
    const state: WorkerState = { role, startedAt: Date.now(), listening: false };
    workers.set(worker, state);
    worker.on('message', (message: { type?: string; cause?: string }) => {
      if (message.type === START_FAILED && message.cause !== undefined) state.startFailure = message.cause;
    });
    lifecycle.started();
    return worker;
  };
  const withRole = (role: WorkerState['role']) => [...workers].filter(([, state]) => state.role === role).map(([worker]) => worker);
  const pid = (worker: Worker) => worker.process.pid;

  /** Asks a worker to drain by a deadline (epoch ms). */
  const retire = (worker: Worker, deadline: number) => {
    const state = workers.get(worker);
    if (!state) return;
    state.role = 'retiring';
    try {
      worker.send({ type: 'drain', deadline });
    } catch {
      // Its channel is already closed: it is exiting anyway.
    }
  };

  /** Resolves true once the worker listens, false if it exits first. */
  const listened = (worker: Worker) =>
    new Promise<boolean>((resolve) => {
      worker.once('listening', () => resolve(true));
      worker.once('exit', () => resolve(false));
    });

  cluster.on('listening', (worker, address) => {
    const state = workers.get(worker);
    if (state) state.listening = true;
    failedStarts = 0;
    if (!announced && withRole('serving').filter((each) => workers.get(each)?.listening).length >= config.workers) {
      announced = true;
      const url = `http://${config.host}:${address.port}/`;
      log.info({ message: 'listening', url, workers: config.workers });
      lifecycle.ready(true);
      notifyReady(config.notifySocket, log, `serving ${url} with ${config.workers} workers`);
    }
  });

  /** Stops at once, exit 1: workers cannot start, and retrying would not help. */
  const giveUp = (message: string, details: Record<string, unknown>) => {
    stoppingSince = Date.now();
    gaveUp = true;
    log.fatal({ message, ...details });
    for (const other of workers.keys()) other.process.kill('SIGKILL');
    flushAndExit(log, 1);
  };

  cluster.on('exit', (worker, code, signal) => {
    const state = workers.get(worker);
    workers.delete(worker);
    if (!state || gaveUp) return;
    lifecycle.exited(state.role === 'retiring' ? 'retired' : 'unexpected');
    const lived = Date.now() - state.startedAt;
    if (stoppingSince !== undefined) {
      if (workers.size === 0) {
        log.info({ message: 'stopped', ms: Date.now() - stoppingSince });
        flushAndExit(log, 0);
      }
      return;
    }
    if (state.role === 'retiring') {
      log.info({ message: 'worker retired', worker: pid(worker), code, signal });
      return;
    }
    if (state.role === 'candidate') return; // the reload reports it
    const start: { cause?: string; failed_starts?: number } = {};
    if (!state.listening) {
      failedStarts += 1;
      start.cause = state.startFailure ?? `exited with ${signal ?? `code ${code}`} before listening`;
      start.failed_starts = failedStarts;
      if (failedStarts >= MAX_FAILED_STARTS) {
        giveUp(`workers cannot start: ${start.cause}`, { ...start, worker: pid(worker), code, signal });
        return;
      }
    }
    quickFailures = lived >= STABLE_AFTER_MS ? 1 : quickFailures + 1;
    const delay = quickFailures <= 1 ? 0 : Math.min(BACKOFF_FIRST_MS * 2 ** (quickFailures - 2), BACKOFF_MAX_MS);
    const details = { worker: pid(worker), code, signal, lived_ms: lived, quick_failures: quickFailures, replace_in_ms: delay, ...start };
    if (delay === 0) log.warn({ message: 'worker exited: replacing it', ...details });
    else log.error({ message: 'workers keep exiting: backing off', ...details });
    setTimeout(() => {
      if (stoppingSince === undefined) fork('serving');
    }, delay);
  });

  /** Replaces every serving worker, one at a time, each only once its successor listens. */
  const reload = async (): Promise<void> => {
    if (stoppingSince !== undefined) return;
    if (reloading) {
      reloadAgain = true;
      return;
    }
    reloading = true;
    const started = Date.now();
    const old = withRole('serving');
    log.info({ message: 'reloading', workers: old.length });
    let replaced = 0;
    for (const worker of old) {
      if (stoppingSince !== undefined) break;
      if (workers.get(worker)?.role !== 'serving') continue; // exited meanwhile, already replaced
      const fresh = fork('candidate');
      if (!(await listened(fresh))) {
        log.error({ message: 'reload stopped: a new worker exited before listening; the others keep serving', replaced });
        lifecycle.reloaded('stopped');
        reloading = false;
        return;
      }
      const state = workers.get(fresh);
      if (state) state.role = 'serving';
      retire(worker, Date.now() + config.shutdownTimeoutMs);
      replaced += 1;
    }
    log.info({ message: 'reloaded', replaced, ms: Date.now() - started });
    lifecycle.reloaded('completed');
    reloading = false;
    if (reloadAgain) {
      reloadAgain = false;
      return reload();
    }
  };

  const shutdown = (signal: NodeJS.Signals) => {
    // `npm start` in a terminal gets Ctrl-C twice (the process group, and npm forwarding it): the bound applies.
    if (stoppingSince !== undefined) return;
    stoppingSince = Date.now();
    lifecycle.ready(false);
    log.info({ message: 'shutting down', signal, workers: workers.size, timeout_ms: config.shutdownTimeoutMs });
    if (workers.size === 0) flushAndExit(log, 0);
    const deadline = stoppingSince + config.shutdownTimeoutMs;
    for (const worker of workers.keys()) retire(worker, deadline - WORKER_DEADLINE_MARGIN_MS);
    setTimeout(() => {
      log.error({ message: 'shutdown bound passed: killing the workers', workers: workers.size });
      for (const worker of workers.keys()) worker.process.kill('SIGKILL');
      flushAndExit(log, 1);
    }, config.shutdownTimeoutMs).unref();
  };

  process.on('SIGHUP', () => void reload());
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  for (let index = 0; index < config.workers; index += 1) fork('serving');
}
