/**
 * The processes a bench runs: a checkout's server and the floor, each on a free loopback port,
 * started and stopped here, with their CPU and memory read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORKER_REPORT_MESSAGE, type WorkerReport as WorkerReportLine } from '../../src/api/cache-kinds.ts';
import { apiUrl } from '../../src/routes/urls.ts';
import { freePort } from '../lib/run-server.ts';
import { fetchRaw } from './recording.ts';

export interface Running {
  url: string;
  pid: number;
  stop: () => Promise<void>;
  /** The next line the process prints on stdout that contains `text`, or undefined after the timeout. */
  nextLine: (text: string, timeoutMs?: number) => Promise<string | undefined>;
}

const started = new Set<ChildProcess>();

/** Kills whatever is still running (on errors and signals). */
export function killAll(): void {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * Starts `node` with `args` (in `cwd`, with `env` added) listening on `count` distinct free ports,
 * and waits until the health route answers on each. One Running per port, all of the same process:
 * its CPU is read by pid, and stopping any of them stops it.
 */
async function startNode(count: number, spec: (ports: number[]) => { args: string[]; env: NodeJS.ProcessEnv; cwd?: string }) {
  const timeoutMs = 60_000;
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const { args, env, cwd } = spec(ports);
  // stdout is a pipe, read and dropped, as under systemd or a container runtime.
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  // Every line is read (and dropped) as it comes; a waiter sees only the lines after it began to wait.
  const lines = createInterface({ input: child.stdout });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const urls = ports.map((port) => `http://127.0.0.1:${port}`);
  const deadline = Date.now() + timeoutMs;
  for (const url of urls)
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}: ${stderr}`);
      if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not answer within ${timeoutMs / 1000} s: ${stderr}`);
      try {
        await fetchRaw(url, { path: apiUrl('getHealth'), headers: {} });
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  const nextLine = (text: string, timeoutMs = 10_000) =>
    new Promise<string | undefined>((resolve) => {
      const finish = (line?: string) => {
        clearTimeout(timer);
        lines.off('line', onLine);
        resolve(line);
      };
      const onLine = (line: string) => line.includes(text) && finish(line);
      const timer = setTimeout(finish, timeoutMs);
      lines.on('line', onLine);
    });
  const stop = async () => {
    started.delete(child);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.kill('SIGTERM');
    await once(child, 'exit');
    clearTimeout(force);
  };
  return urls.map((url): Running => ({ url, pid: child.pid!, nextLine, stop }));
}

/**
 * A checkout's production server on its build: the one place to change when its start file moves.
 * One worker, no metrics, no rate limit, as an operator starts it. Older checkouts start server/index.mjs.
 */
export async function startServer(checkout: string, distDir: string): Promise<Running> {
  const env = (port: number) => ({ DIST_DIR: distDir, PORT: String(port), HOST: '127.0.0.1', WEB_CONCURRENCY: '1', RATE_LIMIT: 'off' });
  const start = existsSync(join(checkout, 'server/index.ts')) ? 'server/index.ts' : 'server/index.mjs';
  const [running] = await startNode(1, ([port]) => ({ args: [start], env: env(port!), cwd: checkout }));
  return running!;
}

/**
 * The floor server: one process answering each recordings file on its own port (the first file on
 * the first port). Both sides of a comparison share it, so a difference between their floors
 * cannot come from two processes that happen to run at different speeds.
 */
export function startFloor(recordingsFiles: readonly string[]): Promise<Running[]> {
  const floorServer = fileURLToPath(new URL('floor-server.ts', import.meta.url));
  return startNode(recordingsFiles.length, (ports) => ({
    args: [floorServer, ...recordingsFiles.flatMap((file, index) => [file, String(ports[index])])],
    env: {},
  }));
}

/** The process and all its descendants (a cluster primary's workers included). */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // Field 4 of /proc/<pid>/stat is the parent; the command name before it may hold spaces.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended while we looked
    }
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index += 1) for (const [pid, parent] of parents) if (parent === tree[index]) tree.push(pid);
  return tree;
}

/** What a worker reports on SIGUSR2; an older checkout's server may lack some fields. */
export type WorkerReport = Partial<Pick<WorkerReportLine, 'upgrades' | 'memory'>>;

/** The first worker's SIGUSR2 report (its caches' upgrades and its process.memoryUsage()), or undefined when none comes. */
export async function workerReport(running: Running): Promise<WorkerReport | undefined> {
  const worker = processTree(running.pid)[1];
  if (worker === undefined) return undefined;
  const line = running.nextLine(JSON.stringify(WORKER_REPORT_MESSAGE));
  process.kill(worker, 'SIGUSR2');
  const logged = await line;
  return logged === undefined ? undefined : (JSON.parse(logged) as WorkerReport);
}

/**
 * CPU seconds one process has used, to the nanosecond: the sum of its threads' schedstat run times
 * (a search costs about a millisecond, a clock tick ten, so ticks would blur a short run).
 */
function processCpuSeconds(pid: number): number {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return 0;
  }
  let nanoseconds = 0;
  for (const task of tasks) {
    try {
      nanoseconds += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended while we looked
    }
  }
  return nanoseconds / 1e9;
}

/** CPU seconds (user and system) a process tree has used so far, from /proc. */
export function treeCpuSeconds(pid: number): number {
  return processTree(pid).reduce((total, member) => total + processCpuSeconds(member), 0);
}
