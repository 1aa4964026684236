/** The sections that run on a server of their own after the classes: distinct searches, asked twice, the search shapes, the full mix. */
import { childPids, rssMb, treeCpuSeconds, workerReport, type Running } from './processes.ts';
import type { BenchRun, Side } from './bench-run.ts';
import { ENCODINGS } from './classes.ts';
import { measure, serverBound, type Sample } from './measure.ts';
import { fetchRaw, type BenchRequest } from './recording.ts';
import { cpuPerRequest, median } from './report.ts';
import { coresText, boundText } from './rounds.ts';
import { distinctPlan, fullMixRequests, searchDirectories, searchShapes, shapeDirectory } from './search-load.ts';
import { distinctSearchScript } from './wrk-script.ts';
import { MAX_LIMIT } from '../../src/routes/params.ts';

/** Longest the full mix's searches may take (at 100× before issue 36: 26.5 ms of CPU each, 265 s). */
export const FULL_MIX_BOUND_SECONDS = 900;

/** The worker's RSS (/proc) and its V8 heap (its SIGUSR2 report: process.memoryUsage()), in MB. */
async function workerMemory(running: Running): Promise<{ rss: number; heapUsed?: number; heapTotal?: number }> {
  const worker = childPids(running.pid)[0];
  if (worker === undefined) return { rss: rssMb(running.pid) };
  const memory = (await workerReport(running))?.memory;
  return {
    rss: rssMb(worker),
    ...(memory ? { heapUsed: memory.heapUsed / 2 ** 20, heapTotal: memory.heapTotal / 2 ** 20 } : {}),
  };
}

/** One wrk run of distinct searches, its queries starting at `from` in the distinct sequence. */
async function distinctRun(bench: BenchRun, running: Running, script: string, duration: number, from: number): Promise<Sample> {
  return measure(running, script, 200, { ...bench.load, duration }, [String(from)]);
}

/**
 * Distinct searches on a server of their own: every request a new query (new short terms, limits
 * spread over 1 up to the route table's maximum, br and gzip alternating), so no cache answers it.
 * With --against, the old side's server gets the same queries in the same runs, run by run in turn.
 */
export async function distinctSearches(bench: BenchRun, terms: readonly string[]): Promise<string> {
  const sides: Side[] = bench.against ? ['new', 'old'] : ['new'];
  const script = bench.writeScript('distinct.lua', distinctSearchScript(distinctPlan(terms)));
  const servers = new Map<Side, Running>();
  for (const side of sides) servers.set(side, await bench.freshServer(side));
  const samples = new Map<Side, Sample[]>(sides.map((side) => [side, []]));
  // Where each run's queries start: the same for both sides, past every query the last run may have sent.
  let from = 0;
  for (let run = bench.warmup > 0 ? 0 : 1; run <= bench.runs; run += 1) {
    let furthest = 0;
    for (const side of run % 2 === 1 ? sides : [...sides].reverse()) {
      const sample = await distinctRun(bench, servers.get(side)!, script, run === 0 ? bench.warmup : bench.load.duration, from);
      furthest = Math.max(furthest, sample.requests + bench.load.connections);
      if (run === 0) continue;
      samples.get(side)!.push(sample);
      console.error(
        `bench: distinct-search${sides.length > 1 ? ` (${side})` : ''} run ${run}/${bench.runs}: ${Math.round(sample.rps)} req/s (${coresText(sample)})${boundText(sample)}`,
      );
    }
    from += furthest;
  }
  for (const running of servers.values()) await running.stop();
  const lines = sides.map((side) => {
    const all = samples.get(side)!;
    const kept = all.filter(serverBound);
    const used = kept.length > 0 ? kept : all;
    const unexpected = all.reduce((sum, sample) => sum + sample.unexpected, 0);
    return (
      `Distinct searches${side === 'old' ? ` on the old side (${bench.against})` : ''} (${searchDirectories().length} directories in turn, a new query each from ${terms.length.toLocaleString('en-US')} short terms ` +
      `and then pairs of them, limits 1-${MAX_LIMIT}, br and gzip alternating; ` +
      `a server of their own): worker CPU ${(median(used.map((sample) => sample.cpuMicros)) / 1000).toFixed(2)} ms per request ` +
      `(totals: ${(cpuPerRequest(used) / 1000).toFixed(2)} ms), ` +
      `p99 ${median(used.map((sample) => sample.p99)).toFixed(1)} ms, ${Math.round(median(used.map((sample) => sample.rps)))} req/s, ` +
      `server ${median(used.map((sample) => sample.sideCores)).toFixed(2)} core, wrk ${median(used.map((sample) => sample.wrkCores)).toFixed(2)}; ` +
      `runs kept ${kept.length}/${all.length}${kept.length === 0 ? ' (client-bound)' : ''}` +
      (unexpected > 0 ? `; ${unexpected} unexpected answers` : '') +
      '.'
    );
  });
  return lines.join('\n\n');
}

/**
 * Each distinct query asked twice, in one coding per server (br on one, gzip on the other, the
 * runs alternating which goes first): what a second answer costs each coding. The second asking
 * finds the query in no cache (the byte budget keeps it from then on), so both answers are made.
 */
export async function askedTwice(bench: BenchRun, terms: readonly string[]): Promise<string> {
  const sides = await Promise.all(
    ENCODINGS.map(async (encoding) => ({
      encoding,
      running: await bench.freshServer(),
      script: bench.writeScript(`twice-${encoding}.lua`, distinctSearchScript(distinctPlan(terms, 2, [encoding]))),
      samples: [] as Sample[],
    })),
  );
  // Both sides ask the same queries in each run (each server sees them fresh), from an even start
  // so each query's two askings stay together; the next run starts past what either side sent.
  let start = 0;
  for (let run = 1; run <= bench.runs; run += 1) {
    let sent = 0;
    for (const side of run % 2 === 1 ? sides : [...sides].reverse()) {
      const sample = await measure(side.running, side.script, 200, bench.load, [String(start)]);
      sent = Math.max(sent, sample.requests + bench.load.connections);
      side.samples.push(sample);
      console.error(
        `bench: asked-twice ${side.encoding} run ${run}/${bench.runs}: ${Math.round(sample.rps)} req/s (${coresText(sample)})${boundText(sample)}`,
      );
    }
    start += sent + (sent % 2);
  }
  const cpu = sides.map((side) => {
    const kept = side.samples.filter(serverBound);
    return {
      encoding: side.encoding,
      micros: median((kept.length > 0 ? kept : side.samples).map((sample) => sample.cpuMicros)),
      kept: kept.length,
    };
  });
  for (const side of sides) await side.running.stop();
  const [first, second] = cpu;
  return (
    `Each distinct query asked twice (a server per coding, runs alternating): worker CPU per request ` +
    cpu.map((side) => `${side.encoding} ${(side.micros / 1000).toFixed(2)} ms (runs kept ${side.kept}/${bench.runs})`).join(', ') +
    `; ${first!.encoding} / ${second!.encoding} ${(first!.micros / second!.micros).toFixed(2)}.`
  );
}

/** Sends requests a few at a time; returns the server's CPU seconds meanwhile and the wall seconds. */
export async function sendAll(
  running: Running,
  requests: readonly BenchRequest[],
  concurrency = 4,
): Promise<{ cpu: number; seconds: number }> {
  const cpuBefore = treeCpuSeconds(running.pid);
  const startedAt = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < requests.length) {
      const request = requests[next++]!;
      const answer = await fetchRaw(running.url, request);
      if (answer.status !== 200) throw new Error(`${request.path} answered ${answer.status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { cpu: treeCpuSeconds(running.pid) - cpuBefore, seconds: (performance.now() - startedAt) / 1000 };
}

/**
 * The full mix on a fresh server: every route in both locales and every coding, then
 * FULL_MIX_SEARCHES distinct searches (wrk, stopped at that count); the worker's memory after each.
 */
export async function fullMix(bench: BenchRun, terms: readonly string[], side: Side = 'new'): Promise<string> {
  const FULL_MIX_SEARCHES = 10_000;
  const running = await bench.freshServer(side);
  const atStart = await workerMemory(running);
  const routes = await fullMixRequests(running.url);
  await sendAll(running, routes);
  const afterRoutes = await workerMemory(running);
  // Its own sequence from 0: a fresh server has seen none of these queries.
  const script = bench.writeScript('full-mix.lua', distinctSearchScript(distinctPlan(terms), FULL_MIX_SEARCHES + bench.load.connections));
  const sample = await measure(running, script, 200, { ...bench.load, duration: FULL_MIX_BOUND_SECONDS }, ['0', String(FULL_MIX_SEARCHES)]);
  const after = await workerMemory(running);
  await running.stop();
  const mb = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(0)} MB`);
  return (
    `Full mix${side === 'old' ? ` on the old side (${bench.against})` : ''} (a fresh worker): RSS ${mb(atStart.rss)} at start, ${mb(afterRoutes.rss)} after every route in both locales and every coding ` +
    `(${routes.length} requests), ${mb(after.rss)} after ${FULL_MIX_SEARCHES.toLocaleString('en-US')} distinct searches ` +
    `(${(sample.cpuMicros / 1000).toFixed(2)} ms of worker CPU each, p99 ${sample.p99.toFixed(1)} ms` +
    (sample.unexpected > 0 ? `, ${sample.unexpected} unexpected answers` : '') +
    `); heap used ${mb(after.heapUsed)} of ${mb(after.heapTotal)} after.`
  );
}

/**
 * Whether a search costs what it returns or what it matches: each shape is distinct queries (no term
 * twice) sent to a fresh, warmed server, and its CPU per request. The terms' match counts are
 * probed on another server first, so the measured one has cached none of them.
 */
export async function searchShape(bench: BenchRun, terms: readonly string[]): Promise<string> {
  const PER_SHAPE = 60;
  const probe = await bench.freshServer();
  const shapes = await searchShapes(probe.url, terms, PER_SHAPE);
  await probe.stop();
  const running = await bench.freshServer();
  // Warm on other queries (from far along the distinct sequence, past the probed terms).
  const warm = bench.writeScript('shape-warm.lua', distinctSearchScript(distinctPlan(terms)));
  await measure(running, warm, 200, { ...bench.load, duration: Math.max(1, bench.warmup) }, [String(1000 * searchDirectories().length)]);
  // Shapes take turns in blocks, so a slow stretch of the machine or the JIT's first deopts land on all of them.
  const BLOCK = 10;
  const spent = shapes.map(() => ({ cpu: 0, seconds: 0 }));
  for (let start = 0; shapes.some((shape) => start < shape.requests.length); start += BLOCK)
    for (const [index, shape] of shapes.entries()) {
      const block = shape.requests.slice(start, start + BLOCK);
      if (block.length === 0) continue;
      const { cpu, seconds } = await sendAll(running, block, 1);
      spent[index]!.cpu += cpu;
      spent[index]!.seconds += seconds;
    }
  const lines = shapes.map((shape, index) => {
    const count = shape.requests.length;
    const { cpu, seconds } = spent[index]!;
    return `| ${shape.label} | ${shape.matches.toLocaleString('en-US')} | ${shape.limit} | ${count} | ${((cpu / count) * 1000).toFixed(2)} | ${((seconds / count) * 1000).toFixed(2)} |`;
  });
  await running.stop();
  return [
    `Search shape (${shapeDirectory().path}, distinct terms, one request at a time on a fresh warmed worker, br and gzip alternating):\n`,
    '| shape | median matches | limit | requests | worker CPU ms/req | wall ms/req |',
    '|---|---:|---:|---:|---:|---:|',
    ...lines,
  ].join('\n');
}
