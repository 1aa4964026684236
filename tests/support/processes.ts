/**
 * What the server's log and Linux's /proc say about its processes: which workers are alive, and
 * how many client connections one holds (to bound what a SIGKILL may fail, and to see leaks).
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { WORKER_REPORT_MESSAGE } from '../../src/api/cache-kinds.ts';

/** The JSON lines of the server's output. */
export function logLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Workers that said they listen and that the primary has not seen exit, in start order. */
export function liveWorkers(output: string): number[] {
  const lines = logLines(output);
  const gone = new Set(lines.filter((line) => line['worker'] !== undefined).map((line) => line['worker'] as number));
  return lines
    .filter((line) => line['message'] === 'worker listening' && !gone.has(line['pid'] as number))
    .map((line) => line['pid'] as number);
}

/** A worker's SIGUSR2 report (server/worker.ts): the line it logs after the signal, from `output()`. */
export async function workerReport(output: () => string, worker: number): Promise<Record<string, unknown>> {
  const reports = () => logLines(output()).filter((line) => line['message'] === WORKER_REPORT_MESSAGE);
  const seen = reports().length;
  process.kill(worker, 'SIGUSR2');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const lines = reports();
    if (lines.length > seen) return lines.at(-1)!;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the worker wrote no cache usage line');
}

/** Every worker that ever said it listens. */
export function allWorkers(output: string): number[] {
  return logLines(output)
    .filter((line) => line['message'] === 'worker listening')
    .map((line) => line['pid'] as number);
}

/** How many requests each worker logged, by process id (how evenly the workers share the load). */
export function requestsPerWorker(output: string): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const line of logLines(output))
    if (line['method'] !== undefined) counts[line['pid'] as number] = (counts[line['pid'] as number] ?? 0) + 1;
  return counts;
}

/** Polls `condition` every 50 ms for up to `ms`; returns whether it held. */
export async function eventually(condition: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

/** Open file descriptors of a process. */
export function openFiles(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** Established TCP connections a process holds whose local port is `port` (its clients). */
export function clientConnections(pid: number, port: number): number {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // closed meanwhile
    }
  }
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  let count = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const row of text.split('\n').slice(1)) {
      const fields = row.trim().split(/\s+/);
      // local address, state 01 = ESTABLISHED, inode
      if (fields.length > 9 && fields[1]!.endsWith(`:${hexPort}`) && fields[3] === '01' && inodes.has(fields[9]!)) count += 1;
    }
  }
  return count;
}
