/**
 * The load generator: Debian's `wrk`, a C client in its own process, one thread. An in-process
 * Node client saturates its core before the server (95% of a core against the worker's 60%), so
 * both sides run at the client's speed and every ratio drifts toward 1. One wrk thread costs a
 * request less than either side, so the server stays the bottleneck; the bench checks that on
 * every run from each process's CPU.
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { STOPPED_MARK, SUMMARY_MARK } from './wrk-script.ts';

/** The Debian command that installs wrk, as the bench prints it. */
export const INSTALL_WRK = 'sudo apt-get install wrk';

/** The wrk executable on PATH (or /usr/bin), or undefined. */
export function findWrk(): string | undefined {
  const directories = [...(process.env['PATH'] ?? '').split(delimiter), '/usr/bin'];
  for (const directory of directories.filter(Boolean)) {
    const candidate = join(directory, 'wrk');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * The wrk to run, or an exit with the command that installs it. With `install` (the bench's
 * `--install-wrk`) and only as root outside CI, it runs apt-get itself; the gates never install.
 */
export function requireWrk(install: boolean): string {
  const found = findWrk();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  if (install && isRoot && !process.env['CI']) {
    console.error('bench: installing wrk with apt-get...');
    for (const args of [['update'], ['install', '-y', 'wrk']]) {
      const result = spawnSync('apt-get', args, {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
      if (result.status !== 0) break;
    }
    const installed = findWrk();
    if (installed) return installed;
  }
  console.error(
    `bench: wrk is not installed. Install it with \`${INSTALL_WRK}\`` +
      (isRoot ? ', or run the bench with --install-wrk to let it do so.' : ' (or, as root, run the bench with --install-wrk).'),
  );
  process.exit(2);
}

/** What wrk's done() hook reports (wrk-script.ts), in its units. */
interface WrkSummary {
  /** Microseconds the run lasted. */
  duration_us: number;
  requests: number;
  bytes: number;
  /** Answers outside 2xx and 3xx. */
  non_2xx_3xx: number;
  socket_errors: number;
  timeouts: number;
  /** Latency percentiles in microseconds. */
  p50_us: number;
  p99_us: number;
  /** Answers by status, when the script counts them (its response() hook). */
  statuses?: Record<string, number>;
  /** wrk's own CPU seconds (Lua's os.clock: the whole process, every thread). */
  cpu_s: number;
}

export interface WrkResult {
  seconds: number;
  requests: number;
  bytes: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers outside 2xx/3xx. */
  non2xx3xx: number;
  /** Connect, read and write errors and timeouts. */
  socketErrors: number;
  statuses?: Record<string, number>;
  /** CPU seconds wrk used. */
  cpuSeconds: number;
}

export interface WrkLoad {
  connections: number;
  /** Seconds; a script may stop earlier. */
  duration: number;
}

/** Runs wrk once with a generated script (wrk-script.ts) against `baseUrl`, one thread. */
export function runWrk(wrk: string, baseUrl: string, scriptFile: string, load: WrkLoad, args: readonly string[] = []): Promise<WrkResult> {
  const wrkArgs = ['-t1', `-c${load.connections}`, `-d${load.duration}s`, '--timeout', '10s', '-s', scriptFile, baseUrl];
  return new Promise((resolve, reject) => {
    const child = spawn(wrk, args.length > 0 ? [...wrkArgs, '--', ...args] : wrkArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const before = stdout.includes(STOPPED_MARK);
      stdout += chunk.toString();
      if (!before && stdout.includes(STOPPED_MARK)) child.kill('SIGINT');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = stdout.split('\n').find((text) => text.startsWith(SUMMARY_MARK));
      if (code !== 0 || !line) return reject(new Error(`wrk exited with ${code}: ${stderr.trim() || stdout.trim()}`));
      const summary = JSON.parse(line.slice(SUMMARY_MARK.length)) as WrkSummary;
      resolve({
        seconds: summary.duration_us / 1e6,
        requests: summary.requests,
        bytes: summary.bytes,
        p50Ms: summary.p50_us / 1000,
        p99Ms: summary.p99_us / 1000,
        non2xx3xx: summary.non_2xx_3xx,
        socketErrors: summary.socket_errors + summary.timeouts,
        ...(summary.statuses ? { statuses: summary.statuses } : {}),
        cpuSeconds: summary.cpu_s,
      });
    });
  });
}
