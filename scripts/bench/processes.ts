/**
 * The processes a benchmark runs: the server under test and the floor, each on a free loopback
 * port, started and stopped here, with their memory read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { WORKER_REPORT_MESSAGE, type WorkerReport as WorkerReportLine } from '../../src/api/cache-kinds.ts';
import { freePort } from '../lib/run-server.ts';
import { fetchRaw } from './recording.ts';

/** A command to start and the environment it needs. */
export interface ProcessSpec {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Appends the process's stdout to this file, as an operator who redirects it would; a pipe read and dropped otherwise. */
  stdoutFile?: string | undefined;
  /** Where it runs: another checkout, for its own server code (--against); this one when unset. */
  cwd?: string | undefined;
}

/**
 * What a server variant changes: metrics on their own port, a rate limit the bench never reaches,
 * or no request log (what an operator behind nginx may choose; its ratio is a gain, not a cost).
 */
export const SERVER_VARIANTS = {
  plain: { label: 'the plain server', env: {} },
  metrics: { label: 'metrics on', env: { METRICS_PORT: '0' } },
  limiter: { label: 'the limiter on', env: { RATE_LIMIT: '1000000000/1h' } },
  'no-request-log': { label: 'the request log off', env: { LOG_REQUESTS: 'off' } },
} satisfies Record<string, { label: string; env: NodeJS.ProcessEnv }>;
export type ServerVariant = keyof typeof SERVER_VARIANTS;

/**
 * How the production server is started: the one place to change when its start file moves.
 * One worker, its log read from a pipe and dropped (startProcess), as under systemd or a container runtime.
 * No metrics and no rate limit unless the variant turns one on.
 */
export function serverUnderTest(
  distDir: string,
  port: number,
  { variant = 'plain', logFile, checkout }: { variant?: ServerVariant; logFile?: string | undefined; checkout?: string | undefined } = {},
): ProcessSpec {
  return {
    stdoutFile: logFile,
    cwd: checkout,
    command: process.execPath,
    args: ['server/index.mjs'],
    env: {
      ...process.env,
      DIST_DIR: distDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_CONCURRENCY: '1',
      RATE_LIMIT: 'off',
      ...SERVER_VARIANTS[variant].env,
    },
  };
}

/**
 * The floor server: one process answering each recordings file on its own port (the first file on
 * the first port). Two sides compared (--against) share one floor process, so a difference between
 * their floors cannot come from two processes that happen to run at different speeds.
 */
export function floorServer(recordingsFiles: readonly string[], ports: readonly number[]): ProcessSpec {
  return {
    command: process.execPath,
    args: [
      fileURLToPath(new URL('floor-server.ts', import.meta.url)),
      ...recordingsFiles.flatMap((file, index) => [file, String(ports[index])]),
    ],
    env: process.env,
  };
}

export interface Running {
  url: string;
  pid: number;
  stop: () => Promise<void>;
  /** The next line the process prints on stdout that contains `text` (read only while waited for). */
  nextLine: (text: string, timeoutMs?: number) => Promise<string>;
}

const started = new Set<ChildProcess>();

/** Kills whatever is still running (on errors, signals and the time bound). */
export function killAll(): void {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** Starts a process on a free port and waits until `readyPath` answers at all (any status). */
export async function startProcess(spec: (port: number) => ProcessSpec, readyPath: string, timeoutMs = 60_000): Promise<Running> {
  const [running] = await startOnPorts(([port]) => spec(port!), 1, readyPath, timeoutMs);
  return running!;
}

/**
 * Starts one process listening on `count` distinct free ports and waits until `readyPath` answers
 * on each. One Running per port, all of the same process: its CPU is read by pid, and stopping any
 * of them stops it.
 */
export async function startOnPorts(
  spec: (ports: number[]) => ProcessSpec,
  count: number,
  readyPath: string,
  timeoutMs = 60_000,
): Promise<Running[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const { command, args, env, stdoutFile, cwd } = spec(ports);
  // stdout is a pipe, read and dropped, as under systemd or a container runtime, or the file asked
  // for (the server writes its log to a pipe differently from a file: server/line-writer.ts).
  const logFd = stdoutFile === undefined ? undefined : openSync(stdoutFile, 'a');
  const child = spawn(command, args, { env, cwd, stdio: ['ignore', logFd ?? 'pipe', 'pipe'] });
  if (logFd !== undefined) closeSync(logFd);
  child.stdout?.resume();
  started.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const urls = ports.map((port) => `http://127.0.0.1:${port}`);
  const deadline = Date.now() + timeoutMs;
  for (const url of urls)
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}: ${stderr}`);
      if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not answer within ${timeoutMs / 1000} s: ${stderr}`);
      try {
        await fetchRaw(url, { path: readyPath, headers: {} });
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  const nextLine = (text: string, timeoutMs = 10_000) =>
    new Promise<string>((resolve, reject) => {
      let pending = '';
      const onData = (chunk: Buffer) => {
        const lines = (pending + chunk.toString()).split('\n');
        pending = lines.pop()!;
        const line = lines.find((candidate) => candidate.includes(text));
        if (line === undefined) return;
        finish();
        resolve(line);
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`no line with ${text} within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const stopFollowing = stdoutFile === undefined ? follow(child, onData) : followFile(stdoutFile, onData);
      const finish = () => {
        clearTimeout(timer);
        stopFollowing();
      };
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      started.delete(child);
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return urls.map((url) => ({ url, pid: child.pid!, nextLine, stop }));
}

/** Hands `onData` what the child prints on its stdout pipe from now on; returns how to stop. */
function follow(child: ChildProcess, onData: (chunk: Buffer) => void): () => void {
  child.stdout?.on('data', onData);
  return () => child.stdout?.off('data', onData);
}

/** Hands `onData` what is appended to `file` from now on (polled every 50 ms); returns how to stop. */
function followFile(file: string, onData: (chunk: Buffer) => void): () => void {
  let offset = statSync(file).size;
  const poll = setInterval(() => {
    const size = statSync(file).size;
    if (size <= offset) return;
    const chunk = Buffer.alloc(size - offset);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, chunk, 0, chunk.length, offset);
    } finally {
      closeSync(fd);
    }
    offset = size;
    onData(chunk);
  }, 50);
  return () => clearInterval(poll);
}

/** A figure in kB from /proc/<pid>/status, 0 when the process is gone. */
function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
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

/** The process's children (a cluster primary's workers). */
export const childPids = (pid: number): number[] => processTree(pid).slice(1);

/** Resident memory of one process in MB (VmRSS), 0 when it is gone. */
export const rssMb = (pid: number): number => statusKb(pid, 'VmRSS') / 1024;

/** What a worker reports on SIGUSR2; a checkout benched with --against may predate some fields. */
export type WorkerReport = Partial<Pick<WorkerReportLine, 'upgrades' | 'memory'>>;

/** The first worker's SIGUSR2 report, or undefined when it has no worker or prints none in time. */
export async function workerReport(running: Running): Promise<WorkerReport | undefined> {
  const worker = childPids(running.pid)[0];
  if (worker === undefined) return undefined;
  const line = running.nextLine(JSON.stringify(WORKER_REPORT_MESSAGE)).catch(() => undefined);
  process.kill(worker, 'SIGUSR2');
  const logged = await line;
  return logged === undefined ? undefined : (JSON.parse(logged) as WorkerReport);
}

/** Resident memory of a process tree in MB: now, and the sum of each process's peak. */
export function treeMemoryMb(pid: number): { rss: number; peak: number } {
  const tree = processTree(pid);
  const sum = (field: 'VmRSS' | 'VmHWM') => tree.reduce((total, member) => total + statusKb(member, field), 0) / 1024;
  return { rss: sum('VmRSS'), peak: sum('VmHWM') };
}

/** CPU seconds one process has used, from its stat file (clock ticks of 1/100 s); 0 when it is gone. */
function statCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields 14 and 15 (utime, stime), counted after the command name, which may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds one process has used, to the nanosecond: the sum of its threads' schedstat run times
 * (a search costs about a millisecond, a tick is ten, so a few hundred requests would read as a
 * handful of ticks). Falls back to the stat file's ticks where schedstat is missing.
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
      // the thread ended while we looked, or there is no schedstat
      if (task === String(pid)) return statCpuSeconds(pid);
    }
  }
  return nanoseconds / 1e9;
}

/** CPU seconds (user and system) a process tree has used so far, from /proc. */
export function treeCpuSeconds(pid: number): number {
  return processTree(pid).reduce((total, member) => total + processCpuSeconds(member), 0);
}
