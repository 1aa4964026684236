/**
 * One run of one class on one side: wrk (wrk.ts) loads the process for the run time while the
 * bench reads the CPU the process tree and wrk used. A side that used less than BOUND of a core
 * was held back by something else (the client, or the machine's other load), so its run is
 * reported as client-bound and left out of the medians.
 */
import { writeFileSync } from 'node:fs';
import { treeCpuSeconds, type Running } from './processes.ts';
import { runWrk, type WrkLoad } from './wrk.ts';

/** Share of a core under which a side counts as not the bottleneck. */
export const BOUND = 0.9;

export interface Sample {
  /** Answered requests per second over the run. */
  rps: number;
  requests: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  /** Answers with another status than expected, socket errors and timeouts. */
  unexpected: number;
  /** CPU of the side's process tree per answered request, microseconds. */
  cpuMicros: number;
  /** Cores the side's process tree used over the run (1 = a whole core). */
  sideCores: number;
  /** Cores wrk used over the run. */
  wrkCores: number;
}

export interface Load extends WrkLoad {
  wrk: string;
}

/** True when the side used at least BOUND of a core: the run measured it, not the client. */
export const serverBound = (sample: Sample): boolean => sample.sideCores >= BOUND;

/** Writes a generated wrk script to `file` and returns the file, for runScript. */
export function scriptFile(file: string, script: string): string {
  writeFileSync(file, script);
  return file;
}

/**
 * Loads `running` with a wrk script for the run time. `status` is what every answer must be: wrk
 * counts answers outside 2xx/3xx itself; a script that counts statuses (response() hook) lets the
 * bench see any other status too.
 */
export async function measure(running: Running, script: string, status: number, load: Load, args: readonly string[] = []): Promise<Sample> {
  const cpuBefore = treeCpuSeconds(running.pid);
  const result = await runWrk(load.wrk, running.url, script, load, args);
  const sideCpu = treeCpuSeconds(running.pid) - cpuBefore;
  const others = result.statuses
    ? Object.entries(result.statuses).reduce((sum, [code, count]) => sum + (Number(code) === status ? 0 : count), 0)
    : 0;
  return {
    rps: result.requests / result.seconds,
    requests: result.requests,
    p50: result.p50Ms,
    p99: result.p99Ms,
    unexpected: (result.statuses ? others : result.non2xx3xx) + result.socketErrors,
    cpuMicros: result.requests > 0 ? (sideCpu * 1e6) / result.requests : Number.NaN,
    sideCores: sideCpu / result.seconds,
    wrkCores: result.cpuSeconds / result.seconds,
  };
}
