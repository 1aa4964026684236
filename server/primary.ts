/**
 * The primary process: forks the workers (server/worker.ts) that share the port and keeps them
 * running; it serves nothing itself. Its signals and what a worker's exit does: docs/deploy.md#one-machine.
 *
 * The workers accept connections themselves from the shared socket (SCHED_NONE). With Node's
 * round-robin default the primary accepts and hands each connection over, and a connection handed
 * to a worker that has just died is never answered nor closed: a SIGKILL would strand clients.
 *
 * Each worker runs with (docs/decisions/byte-budget.md has the measurements):
 * - glibc's MALLOC_MMAP_THRESHOLD_ at 64 KB unless the operator sets it: a fixed threshold returns a
 *   compressor's freed memory to the system, where the default's rises to 32 MB and keeps it in the RSS;
 * - `--expose-gc`: it collects its start-up garbage once before it listens (server/worker.ts);
 * - young-generation semi-spaces of at most 4 MB (V8's grow to 16): a much smaller growth under load;
 * - an old generation of at most its heap plan (server/heap-limit.ts).
 * The operator's own `--max-semi-space-size` or `--max-old-space-size` wins.
 */
import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { workerEnv, type ServerConfig } from './config.ts';
import { workerHeapPlan } from './heap-limit.ts';
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
  worker: Worker;
  /** A candidate is a reload's fresh worker until it listens; a retiring one drains. */
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

/** Resolves true once the worker listens, false if it exits first. */
const listened = (worker: Worker) =>
  new Promise<boolean>((resolve) => {
    worker.once('listening', () => resolve(true));
    worker.once('exit', () => resolve(false));
  });

export async function runPrimary(config: ServerConfig, log: Log): Promise<void> {
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const exec = fileURLToPath(new URL('./worker.ts', import.meta.url));
  // prom-client loads only when metrics are on.
  const lifecycle = config.metricsPort === null ? UNCOUNTED : (await import('./metrics.ts')).startPrimaryMetrics(config, log);
  const workers = new Map<Worker, WorkerState>();
  let quickFailures = 0;
  /** Workers in a row that exited before they listened. */
  let failedStarts = 0;
  let announced = false;
  let stoppingSince: number | undefined;

  const fork = (role: WorkerState['role']) => {
    // Planned at each fork, through DIST_DIR's symlinks: a reload may serve a larger build.
    const heap = workerHeapPlan(pathToFileURL(config.distDir), config.cacheBudgetMb);
    log.info({ message: 'worker heap plan', share_mb: heap.shareMb, budget_mb: heap.budgetMb, limit_mb: heap.limitMb });
    cluster.setupPrimary({ exec, execArgv: workerExecArgv(heap.limitMb, config.nodeOptions) });
    const worker = cluster.fork(workerEnv(config));
    const state: WorkerState = { worker, role, startedAt: Date.now(), listening: false };
    workers.set(worker, state);
    worker.on('message', (message: { type?: string; cause?: string }) => {
      if (message.type === START_FAILED && message.cause !== undefined) state.startFailure = message.cause;
    });
    lifecycle.started();
    return state;
  };
  const serving = () => [...workers.values()].filter((state) => state.role === 'serving');

  /** Asks a worker to drain by a deadline (epoch ms); one whose channel is closed is exiting anyway. */
  const retire = (state: WorkerState, deadline: number) => {
    state.role = 'retiring';
    if (state.worker.isConnected()) state.worker.send({ type: 'drain', deadline });
  };

  /** Kills every worker at once; their exits, forgotten, change nothing. */
  const killAll = () => {
    for (const worker of workers.keys()) worker.process.kill('SIGKILL');
    workers.clear();
  };

  cluster.on('listening', (worker, address) => {
    const state = workers.get(worker);
    if (state) state.listening = true;
    failedStarts = 0;
    if (announced || serving().filter((each) => each.listening).length < config.workers) return;
    announced = true;
    const url = `http://${config.host}:${address.port}/`;
    log.info({ message: 'listening', url, workers: config.workers });
    lifecycle.ready(true);
    notifyReady(config.notifySocket, log, `serving ${url} with ${config.workers} workers`);
  });

  cluster.on('exit', (worker, code, signal) => {
    const state = workers.get(worker);
    if (!state) return;
    workers.delete(worker);
    lifecycle.exited(state.role === 'retiring' ? 'retired' : 'unexpected');
    if (stoppingSince !== undefined) {
      if (workers.size === 0) {
        log.info({ message: 'stopped', ms: Date.now() - stoppingSince });
        flushAndExit(log, 0);
      }
      return;
    }
    const exited = { worker: worker.process.pid, code, signal };
    if (state.role === 'retiring') return log.info({ message: 'worker retired', ...exited });
    if (state.role === 'candidate') return; // the reload reports it
    let start = {};
    if (!state.listening) {
      failedStarts += 1;
      const cause = state.startFailure ?? `exited with ${signal ?? `code ${code}`} before listening`;
      start = { cause, failed_starts: failedStarts };
      if (failedStarts >= MAX_FAILED_STARTS) {
        // Stops at once, exit 1: retrying would not help.
        stoppingSince = Date.now();
        log.fatal({ message: `workers cannot start: ${cause}`, ...start, ...exited });
        killAll();
        return flushAndExit(log, 1);
      }
    }
    const lived = Date.now() - state.startedAt;
    quickFailures = lived >= STABLE_AFTER_MS ? 1 : quickFailures + 1;
    const delay = quickFailures <= 1 ? 0 : Math.min(BACKOFF_FIRST_MS * 2 ** (quickFailures - 2), BACKOFF_MAX_MS);
    const details = { ...exited, lived_ms: lived, quick_failures: quickFailures, replace_in_ms: delay, ...start };
    if (delay === 0) log.warn({ message: 'worker exited: replacing it', ...details });
    else log.error({ message: 'workers keep exiting: backing off', ...details });
    setTimeout(() => {
      if (stoppingSince === undefined) fork('serving');
    }, delay);
  });

  /** Replaces every serving worker, one at a time, each only once its successor listens. */
  const reload = async () => {
    if (stoppingSince !== undefined) return;
    const started = Date.now();
    const old = serving();
    log.info({ message: 'reloading', workers: old.length });
    let replaced = 0;
    for (const state of old) {
      if (stoppingSince !== undefined) break;
      if (!workers.has(state.worker)) continue; // exited meanwhile, already replaced
      const fresh = fork('candidate');
      if (!(await listened(fresh.worker))) {
        log.error({ message: 'reload stopped: a new worker exited before listening; the others keep serving', replaced });
        return lifecycle.reloaded('stopped');
      }
      fresh.role = 'serving';
      retire(state, Date.now() + config.shutdownTimeoutMs);
      replaced += 1;
    }
    log.info({ message: 'reloaded', replaced, ms: Date.now() - started });
    lifecycle.reloaded('completed');
  };

  const shutdown = (signal: NodeJS.Signals) => {
    // `npm start` in a terminal gets Ctrl-C twice (the process group, and npm forwarding it): the bound applies.
    if (stoppingSince !== undefined) return;
    stoppingSince = Date.now();
    lifecycle.ready(false);
    log.info({ message: 'shutting down', signal, workers: workers.size, timeout_ms: config.shutdownTimeoutMs });
    if (workers.size === 0) flushAndExit(log, 0);
    const deadline = stoppingSince + config.shutdownTimeoutMs - WORKER_DEADLINE_MARGIN_MS;
    for (const state of workers.values()) retire(state, deadline);
    setTimeout(() => {
      log.error({ message: 'shutdown bound passed: killing the workers', workers: workers.size });
      killAll();
      flushAndExit(log, 1);
    }, config.shutdownTimeoutMs).unref();
  };

  // SIGHUPs during a reload make one more once it ends.
  let reloads = Promise.resolve();
  let reloadQueued = false;
  process.on('SIGHUP', () => {
    if (reloadQueued) return;
    reloadQueued = true;
    reloads = reloads.then(() => {
      reloadQueued = false;
      return reload();
    });
  });
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  for (let index = 0; index < config.workers; index += 1) fork('serving');
}
