/**
 * The load generator: Debian's `wrk`, a C client in its own process, one thread (an in-process Node
 * client saturates its core before the server, so both sides would run at the client's speed), and
 * its Lua scripts, generated per class. Each script's done() prints one JSON line (SUMMARY_MARK
 * first): requests, latency, failures, and wrk's own CPU. While wrk loads a process, the bench reads
 * the CPU that process tree used from /proc; a side that used less than BOUND of a core was held
 * back by something else (the client, or the machine's other load): its run is client-bound.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { treeCpuSeconds, type Running } from './processes.ts';
import type { BenchRequest } from './recording.ts';

/** Starts the line done() prints. */
export const SUMMARY_MARK = 'BENCH-SUMMARY ';
/** Printed once a script has had all the answers it wanted: runWrk then ends wrk. */
export const STOPPED_MARK = 'BENCH-STOPPED';

/** A Lua string literal: JSON escapes are Lua escapes, but for \uXXXX (control characters only), written as \ddd. */
export const lua = (value: string): string =>
  JSON.stringify(value).replace(/\\u00([0-9a-f]{2})/gi, (_, hex: string) => `\\${String(parseInt(hex, 16)).padStart(3, '0')}`);

/** A Lua table of header names to values. */
const luaHeaders = (headers: Record<string, string>): string =>
  `{${Object.entries(headers)
    .map(([name, value]) => `[${lua(name)}] = ${lua(value)}`)
    .join(', ')}}`;

/**
 * done(): the summary as JSON. Unexpected answers: those outside 2xx/3xx, or, where the script counts
 * them, those with another status than expected (summed over threads, each its own Lua state, which
 * setup() kept), and socket errors and timeouts. os.clock() is the whole wrk process's CPU.
 */
export const DONE = `
local threads = {}
function setup(thread) table.insert(threads, thread) end
function done(summary, latency, requests)
  local wrong = 0
  for _, thread in ipairs(threads) do wrong = wrong + (thread:get("wrong") or 0) end
  local e = summary.errors
  local unexpected = math.max(wrong, e.status) + e.connect + e.read + e.write + e.timeout
  io.write(string.format('${SUMMARY_MARK}{"seconds":%.6f,"requests":%d,"unexpected":%d,"p99":%.3f,"wrkCpu":%.3f}\\n',
    summary.duration / 1e6, summary.requests, unexpected, latency:percentile(99) / 1000, os.clock()))
end
`;

/**
 * response(): counts answers whose status is not `expected`, and after `stopAfter` answers stops
 * the thread. It makes wrk hand every answer to Lua, which costs wrk CPU, so only scripts that need
 * it have it: a class whose wrong answer wrk would not see (a 200 where a 304 is expected is still
 * 2xx/3xx to wrk), and the searches, sent in blocks.
 */
export const countingHook = (expected: number, stopAfter?: number): string => `
wrong = 0
local answered = 0
function response(status, headers, body)
  if status ~= ${expected} then wrong = wrong + 1 end
  answered = answered + 1
  ${stopAfter === undefined ? '' : `if answered == ${stopAfter} then io.write("${STOPPED_MARK}\\n"); io.flush(); wrk.thread:stop() end`}
end
`;

/**
 * A class's requests, cycled over every connection. One request is set once as wrk's static
 * request (no Lua per request); several go through request(), built once in init().
 */
export function listScript(requests: readonly BenchRequest[], status: number): string {
  const specs = requests.map(
    ({ path, headers, method = 'GET', body }) =>
      `{${lua(method)}, ${lua(path)}, ${luaHeaders(headers)}${body === undefined ? '' : `, ${lua(body)}`}}`,
  );
  const single = requests.length === 1 ? requests[0]! : undefined;
  const load = single
    ? `wrk.method = ${lua(single.method ?? 'GET')}
wrk.path = ${lua(single.path)}
for name, value in pairs(${luaHeaders(single.headers)}) do wrk.headers[name] = value end
${single.body === undefined ? '' : `wrk.body = ${lua(single.body)}`}`
    : `local specs = {
${specs.join(',\n')}
}
local formatted = {}
local next_index = 0
function init(args)
  for i, spec in ipairs(specs) do formatted[i] = wrk.format(spec[1], spec[2], spec[3], spec[4]) end
end
function request()
  next_index = next_index % #formatted + 1
  return formatted[next_index]
end`;
  return [load, status === 200 ? '' : countingHook(status), DONE].join('\n');
}

/** Share of a core under which a side counts as not the bottleneck. */
export const BOUND = 0.9;

/** The wrk executable on PATH (or in /usr/bin), or undefined. */
export const findWrk = (): string | undefined =>
  [...(process.env['PATH'] ?? '').split(delimiter), '/usr/bin'].map((directory) => join(directory, 'wrk')).find((file) => existsSync(file));

/** What done() reports: the run's seconds, its answers, the unexpected ones, p99 latency in ms, wrk's CPU seconds. */
type WrkSummary = Record<'seconds' | 'requests' | 'unexpected' | 'p99' | 'wrkCpu', number>;

export interface Load {
  wrk: string;
  connections: number;
  /** Seconds; a script may stop earlier. */
  duration: number;
}

/** Runs wrk once with a generated script against `baseUrl`, one thread; its summary. */
function runWrk(baseUrl: string, scriptFile: string, load: Load, args: readonly string[]): Promise<WrkSummary> {
  const wrkArgs = ['-t1', `-c${load.connections}`, `-d${load.duration}s`, '--timeout', '10s', '-s', scriptFile, baseUrl];
  return new Promise((resolve, reject) => {
    const child = spawn(load.wrk, args.length > 0 ? [...wrkArgs, '--', ...args] : wrkArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const before = stdout.includes(STOPPED_MARK);
      stdout += chunk.toString();
      // wrk's main thread sleeps out the run time whatever its threads do; a SIGINT ends it with a summary.
      if (!before && stdout.includes(STOPPED_MARK)) child.kill('SIGINT');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = stdout.split('\n').find((text) => text.startsWith(SUMMARY_MARK));
      if (code !== 0 || !line) return reject(new Error(`wrk exited with ${code}: ${stderr.trim() || stdout.trim()}`));
      resolve(JSON.parse(line.slice(SUMMARY_MARK.length)) as WrkSummary);
    });
  });
}

export interface Sample {
  /** Answered requests per second over the run. */
  rps: number;
  requests: number;
  /** 99th percentile latency, milliseconds. */
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

/** True when the side used at least BOUND of a core: the run measured it, not the client. */
export const serverBound = (sample: Sample): boolean => sample.sideCores >= BOUND;

/** Loads `running` with a wrk script for the run time (or until the script stops). */
export async function measure(running: Running, script: string, load: Load, args: readonly string[] = []): Promise<Sample> {
  const cpuBefore = treeCpuSeconds(running.pid);
  const summary = await runWrk(running.url, script, load, args);
  const sideCpu = treeCpuSeconds(running.pid) - cpuBefore;
  const { seconds, requests, unexpected, p99, wrkCpu } = summary;
  return {
    rps: requests / seconds,
    requests,
    p99,
    unexpected,
    cpuMicros: requests > 0 ? (sideCpu * 1e6) / requests : Number.NaN,
    sideCores: sideCpu / seconds,
    wrkCores: wrkCpu / seconds,
  };
}

/** How a run used the machine, for the progress lines. */
export const coresText = (sample: Sample) =>
  `${sample.sideCores.toFixed(2)} core, wrk ${sample.wrkCores.toFixed(2)}${serverBound(sample) ? '' : ' CLIENT-BOUND'}`;
