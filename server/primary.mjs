// @ts-check
/**
 * The primary process: forks the workers (server/worker.mjs) that share the port, and keeps them
 * running. It serves nothing itself.
 *
 * - Start: WEB_CONCURRENCY workers, with the settings server/config.mjs checked; once all of them
 *   listen, logs "listening" and tells systemd READY=1 (server/readiness.mjs).
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
 */
import cluster from 'node:cluster';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { workerEnv } from './config.mjs';
import { workerHeapPlan } from './heap-limit.mjs';
import { resolveDistDir } from './load-build.mjs';
import { flushAndExit } from './log.ts';
import { startPrimaryMetrics } from './metrics.mjs';
import { startRateLimitCounters } from './rate-limit-counters.mjs';
import { notifyReady, START_FAILED } from './readiness.mjs';

/** A worker up this long was not part of a crash loop. */
const STABLE_AFTER_MS = 10_000;
/** First delay of a crash loop, doubled at each further quick failure, up to the maximum. */
const BACKOFF_FIRST_MS = 100;
const BACKOFF_MAX_MS = 30_000;
/** How much earlier than the primary's bound the workers cut their connections. */
const WORKER_DEADLINE_MARGIN_MS = 250;
/** Workers in a row that exit before they listen, after which the primary gives up (a retry would not help). */
export const MAX_FAILED_STARTS = 3;

/**
 * @typedef {{ role: 'serving' | 'candidate' | 'retiring', startedAt: number, listening: boolean, startFailure?: string }} WorkerState
 */

/*
 * The workers' MALLOC_MMAP_THRESHOLD_ (64 KB unless the operator sets it; server/config.mjs):
 * glibc's malloc keeps freed blocks below its mmap threshold for reuse, and that threshold rises to
 * 32 MB as large blocks are freed: a compressor's working memory (hundreds of KB for each payload
 * compressed once) then stays in a worker's RSS after it is freed, around the long-lived cached
 * buffers. A fixed 64 KB threshold returns such blocks to the system (measured: 10,000 distinct
 * gzip searches grew a worker by 91 MB with the default, 40 MB with this). Other C libraries ignore
 * the variable.
 */

/**
 * Node flags for the workers, after the primary's own:
 * - `--expose-gc`: a worker collects its start-up garbage once before it listens (server/worker.mjs);
 * - a young generation of at most 4 MB a semi-space (V8's default grows to 16 under load): measured,
 *   10,000 distinct searches grew a worker by 28-33 MB (a full 16 MB cache budget included)
 *   with this, 62-73 MB with 8, 16 or 64 MB, for more frequent scavenges (npm run bench shows the throughput).
 *   An operator's own `--max-semi-space-size` (in NODE_OPTIONS or on the command line) wins.
 */
/**
 * - an old generation of at most the worker's heap plan (server/heap-limit.mjs): the build's share
 *   and the byte budget. An operator's own `--max-old-space-size` wins.
 * @param {number} heapLimitMb
 * @param {string} nodeOptions NODE_OPTIONS
 */
function workerExecArgv(heapLimitMb, nodeOptions) {
  const given = [...process.execArgv, ...nodeOptions.split(/\s+/)];
  const youngGeneration = given.some((flag) => flag.startsWith('--max-semi-space-size')) ? [] : ['--max-semi-space-size=4'];
  const oldGeneration = given.some((flag) => flag.startsWith('--max-old-space-size')) ? [] : [`--max-old-space-size=${heapLimitMb}`];
  return [...process.execArgv, '--expose-gc', ...youngGeneration, ...oldGeneration];
}

/**
 * The build folder a new worker will serve, for its heap plan. Gone since the start (a symlink
 * repointed at nothing): planned as empty, and the worker, failing to load it, says why.
 * @param {string} named config.distDir
 */
function buildFolder(named) {
  try {
    return resolveDistDir(named);
  } catch {
    return pathToFileURL(named);
  }
}

/**
 * @param {import('./config.mjs').ServerConfig} config
 * @param {import('./log.ts').Log} log
 */
export function runPrimary(config, log) {
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const exec = fileURLToPath(new URL('./worker.mjs', import.meta.url));
  // The workers' shared rate-limit counters, and the metrics listener (when METRICS_PORT is set).
  if (config.rateLimit !== null) startRateLimitCounters(config.rateLimit);
  const lifecycle = startPrimaryMetrics(config, log);
  /** @type {Map<import('node:cluster').Worker, WorkerState>} */
  const workers = new Map();
  let quickFailures = 0;
  /** Workers in a row that exited before they listened. */
  let failedStarts = 0;
  let gaveUp = false;
  let announced = false;
  /** @type {number | undefined} */
  let stoppingSince;
  let reloading = false;
  let reloadAgain = false;

  /** @param {WorkerState['role']} role */
  const fork = (role) => {
    // Planned at each fork: a reload may serve a larger build.
    const heap = workerHeapPlan(buildFolder(config.distDir), config.cacheBudgetMb);
    log.info({ message: 'worker heap plan', share_mb: heap.shareMb, budget_mb: heap.budgetMb, limit_mb: heap.limitMb });
    cluster.setupPrimary({ exec, execArgv: workerExecArgv(heap.limitMb, config.nodeOptions) });
    const worker = cluster.fork(workerEnv(config));
    /** @type {WorkerState} */
    const state = { role, startedAt: Date.now(), listening: false };
    workers.set(worker, state);
    worker.on('message', (/** @type {{ type?: string, cause?: string }} */ message) => {
      if (message.type === START_FAILED && message.cause !== undefined) state.startFailure = message.cause;
    });
    lifecycle.started();
    return worker;
  };
  /** @param {WorkerState['role']} role */
  const withRole = (role) => [...workers].filter(([, state]) => state.role === role).map(([worker]) => worker);
  /** @param {import('node:cluster').Worker} worker */
  const pid = (worker) => worker.process.pid;

  /**
   * Asks a worker to drain by a deadline (epoch ms).
   * @param {import('node:cluster').Worker} worker
   * @param {number} deadline
   */
  const retire = (worker, deadline) => {
    const state = workers.get(worker);
    if (!state) return;
    state.role = 'retiring';
    try {
      worker.send({ type: 'drain', deadline });
    } catch {
      // Its channel is already closed: it is exiting anyway.
    }
  };

  /**
   * Resolves true once the worker listens, false if it exits first.
   * @param {import('node:cluster').Worker} worker
   * @returns {Promise<boolean>}
   */
  const listened = (worker) =>
    new Promise((resolve) => {
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

  /**
   * Stops at once, exit 1: workers cannot start, and retrying would not help.
   * @param {string} message
   * @param {Record<string, unknown>} details
   */
  const giveUp = (message, details) => {
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
    /** @type {{ cause?: string, failed_starts?: number }} */
    const start = {};
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
  const reload = async () => {
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
      void reload();
    }
  };

  /** @param {NodeJS.Signals} signal */
  const shutdown = (signal) => {
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
