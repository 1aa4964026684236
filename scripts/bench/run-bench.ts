/**
 * `npm run bench`: the built server (one worker) against a bare node:http floor replaying the
 * same bytes, class by class, side by side in one run, loaded by wrk (one thread, its own process);
 * then distinct searches, the search shapes and the full mix on the server alone. Prints Markdown.
 *
 *   npm run bench                                  the build in dist/ (or DIST_DIR)
 *   npm run bench -- --scale 100                   synthesize a 100× catalog, build it in a temp dir, bench it
 *   npm run bench -- --content <dir>               build that content folder (or CONTENT_DIR) in a temp dir, bench it
 *   npm run bench -- --dist dist-100               an existing build
 *   --connections 32 --duration 5 --runs 3 --warmup 1 --searches 60 --classes default,detail,search,distinct-search
 *   --install-wrk                                  as root, apt-get install wrk when it is missing
 *
 * Sections besides the replayed classes, selectable in --classes like them: distinct-search,
 * asked-twice, search-shape, full-mix. Loopback only; every process it starts is stopped at the end, on a
 * signal, or at the time bound.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { contentDir } from '../../src/catalog/content-dir.ts';
import { readContentFolder } from '../../src/catalog/load-files.ts';
import { MAX_LIMIT } from '../../src/routes/params.ts';
import { ASTRO_BIN } from '../lib/astro-bin.ts';
import { synthesize, writeCollections } from '../lib/synth.ts';
import { apiUrl } from '../../src/routes/urls.ts';
import { benchClasses, ENCODINGS, type BenchClass } from './classes.ts';
import { measure, serverBound, type Load, type Sample } from './measure.ts';
import {
  childPids,
  floorServer,
  killAll,
  rssMb,
  serverUnderTest,
  SERVER_VARIANTS,
  startProcess,
  treeCpuSeconds,
  treeMemoryMb,
  type Running,
  type ServerVariant,
} from './processes.ts';
import { fetchJson, fetchRaw, serializeRecordings, type BenchRequest, type Recorded } from './recording.ts';
import { classMedians, describeResponse, markdownTable, median, throughputRatio, type ClassResult } from './report.ts';
import { distinctPlan, fullMixRequests, searchDirectories, searchShapes, shapeDirectory, shortTerms } from './search-load.ts';
import { distinctSearchScript, listScript } from './wrk-script.ts';
import { requireWrk } from './wrk.ts';

const { values: options } = parseArgs({
  options: {
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '5' },
    runs: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '1' },
    searches: { type: 'string', default: '60' },
    classes: { type: 'string' },
    scale: { type: 'string' },
    content: { type: 'string' },
    dist: { type: 'string' },
    'install-wrk': { type: 'boolean', default: false },
  },
  strict: true,
});

/** A positive integer option, or exit with a usage error. */
function count(name: 'connections' | 'duration' | 'runs' | 'warmup' | 'searches', max: number): number {
  const value = Number(options[name]);
  if (!Number.isInteger(value) || value < (name === 'warmup' ? 0 : 1) || value > max) {
    console.error(`bench: --${name} must be an integer up to ${max}, got ${String(options[name])}`);
    process.exit(2);
  }
  return value;
}
const load: Load = { wrk: requireWrk(options['install-wrk']), connections: count('connections', 1000), duration: count('duration', 60) };
const runs = count('runs', 10);
const warmup = count('warmup', 10);
const searches = count('searches', 1000);
/** The sections that run on the server alone, after the replayed classes. */
const SECTIONS = ['distinct-search', 'asked-twice', 'search-shape', 'full-mix'] as const;
/** Longest the full mix's searches may take (at 100× before issue 36: 26.5 ms of CPU each, 265 s). */
const FULL_MIX_BOUND_SECONDS = 900;

// Inside the project (git-ignored): a build must resolve the project's node_modules at run time.
mkdirSync('.tmp', { recursive: true });
const workDir = resolve(mkdtempSync(join('.tmp', 'bench-')));
let server: Running | undefined;
let floor: Running | undefined;
/** Servers with a feature on, started for the first class that needs one and stopped at its end. */
const variantServers = new Map<ServerVariant, Running>();
let chosenDist = '';

/** Stops everything this run started and removes its temporary files. */
function cleanUp(): void {
  killAll();
  rmSync(workDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });

/** Builds `content` into a temporary dist; returns the dist and the build's wall time. */
function buildFrom(content: string): { distDir: string; seconds: number } {
  const distDir = join(workDir, 'dist');
  console.error(`bench: building ${content} into ${distDir}...`);
  const startedAt = performance.now();
  const build = spawnSync(process.execPath, [ASTRO_BIN, 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, CONTENT_DIR: content, DIST_DIR: distDir, ASTRO_TELEMETRY_DISABLED: '1' },
    timeout: 600_000,
  });
  if (build.status !== 0) throw new Error(`astro build failed (${build.error?.message ?? build.status ?? build.signal})`);
  return { distDir, seconds: (performance.now() - startedAt) / 1000 };
}

/** Which build to bench: a synthetic K× catalog, a content folder, or an existing dist. */
function chooseBuild(): { distDir: string; label: string; buildSeconds?: number } {
  if (options.scale) {
    const scale = Number(options.scale);
    const content = join(workDir, 'content');
    const written = writeCollections(synthesize(readContentFolder(contentDir()), scale), content, `${scale}× the catalog for a benchmark`);
    console.error(`bench: synthesized ${written} entries (${scale}×) in ${content}`);
    const { distDir, seconds } = buildFrom(content);
    return { distDir, label: `${scale}× synthetic catalog`, buildSeconds: seconds };
  }
  const dist = options.dist ?? process.env['DIST_DIR'];
  const content = options.content ?? (dist ? undefined : process.env['CONTENT_DIR']);
  if (content) {
    const { distDir, seconds } = buildFrom(resolve(content));
    return { distDir, label: `content from ${content}`, buildSeconds: seconds };
  }
  const distDir = resolve(dist ?? 'dist');
  if (!existsSync(join(distDir, 'server', 'entry.mjs'))) {
    console.error(`bench: no build in ${distDir}; run \`npm run build\` first (or pass --scale, --content or --dist)`);
    process.exit(2);
  }
  return { distDir, label: `build in ${dist ?? 'dist'}` };
}

/** A class and the two processes it runs on, its wrk script, and what it has measured so far. */
interface Plan {
  item: BenchClass;
  tested: Running;
  reference: Running;
  script: string;
  result: ClassResult;
}

/** The result a class starts with: its recorded answer described, no samples yet. */
function emptyResult(item: BenchClass, responses: Map<string, Recorded>): ClassResult {
  const recorded = item.requests.map((request) => responses.get(fetchKey(request))!);
  const first = recorded[0]!;
  const encoding = first.headers['content-encoding'];
  const bytes = median(recorded.map((answer) => answer.body.length));
  return {
    id: item.id,
    example: item.example,
    response: describeResponse(first.status, typeof encoding === 'string' ? encoding : undefined, bytes),
    server: [],
    floor: [],
  };
}

const coresText = (sample: Sample) => `${sample.sideCores.toFixed(2)} core, wrk ${sample.wrkCores.toFixed(2)}`;
const boundText = (sample: Sample) => (serverBound(sample) ? '' : ' CLIENT-BOUND');

/**
 * Runs every class `runs` times on its server and its reference, in rounds: each round runs each
 * class once, server and reference back to back, so a class's ratio is the median of paired runs.
 *
 * - **Warm first.** Before any run, each class loads both its sides for the warm-up time. A fresh
 *   server's first seconds under load cost about a quarter more CPU per request (V8 still compiling
 *   the request path), and the first answer of each new kind deoptimizes the shared request path
 *   once. So every class is measured on a server that has answered them all, as one in service has.
 * - **Rounds, not one class after another.** The machine has slow stretches of tens of seconds that
 *   cost the server more than the floor. Run class after class, such a stretch took every run of
 *   one class; run in rounds, it takes one run from each of several, and each median drops it.
 * - **Order.** Server first in odd rounds, reference first in even ones, so a steady drift in the
 *   machine's speed does not always favour the same side.
 * - **Server-bound.** Each run records each side's CPU and wrk's; a round where either side used
 *   less than 90% of a core measured something else and is left out of the medians (report.ts).
 * - **Variants** run side by side with a plain server, not the floor: their ratio is their cost.
 *   That server is started like the variants and serves only their requests.
 */
async function benchAll(classes: readonly BenchClass[], responses: Map<string, Recorded>): Promise<ClassResult[]> {
  const plans: Plan[] = [];
  for (const [index, item] of classes.entries()) {
    const tested = item.variant ? await variantServer(item.variant.server) : server!;
    const reference = item.variant ? await variantServer('plain') : floor!;
    // Only a class whose wrong answer is still 2xx/3xx to wrk (a 200 for a 304) pays for counting statuses.
    const script = writeScript(`class-${index}.lua`, listScript(item.requests, item.status !== 200));
    plans.push({ item, tested, reference, script, result: emptyResult(item, responses) });
  }
  if (warmup > 0) {
    for (const { item, tested, reference, script } of plans)
      for (const running of [tested, reference]) await measure(running, script, item.status, { ...load, duration: warmup });
    console.error(`bench: every class warmed for ${warmup} s on each side`);
  }
  for (let run = 1; run <= runs; run += 1) {
    const order = run % 2 === 1 ? (['server', 'floor'] as const) : (['floor', 'server'] as const);
    for (const plan of plans) {
      for (const side of order)
        plan.result[side].push(await measure(side === 'server' ? plan.tested : plan.reference, plan.script, plan.item.status, load));
      const [tested, reference] = [plan.result.server.at(-1)!, plan.result.floor.at(-1)!];
      console.error(
        `bench: ${plan.item.id} run ${run}/${runs}: server ${Math.round(tested.rps)} req/s (${coresText(tested)})${boundText(tested)}, ` +
          `floor ${Math.round(reference.rps)} req/s (${coresText(reference)})${boundText(reference)}`,
      );
    }
  }
  return plans.map(({ result }) => {
    const unexpected = [...result.server, ...result.floor].reduce((sum, sample) => sum + sample.unexpected, 0);
    return unexpected > 0 ? { ...result, response: `${result.response} (${unexpected} unexpected answers)` } : result;
  });
}

/** Writes a generated wrk script into the run's temporary folder. */
const writeScript = (name: string, script: string): string => {
  const file = join(workDir, name);
  writeFileSync(file, script);
  return file;
};

/** A fresh server (one worker, the plain configuration) for a section that must not share caches with another. */
const freshServer = () => startProcess((port) => serverUnderTest(chosenDist, port), apiUrl('getHealth'));

/** The worker's RSS (/proc) and its V8 heap (its SIGUSR2 log line: process.memoryUsage()), in MB. */
async function workerMemory(running: Running): Promise<{ rss: number; heapUsed?: number; heapTotal?: number }> {
  const worker = childPids(running.pid)[0];
  if (worker === undefined) return { rss: rssMb(running.pid) };
  const line = running.nextLine('"cache usage"').catch(() => undefined);
  process.kill(worker, 'SIGUSR2');
  const logged = await line;
  const memory = logged ? (JSON.parse(logged) as { memory?: { heapUsed: number; heapTotal: number } }).memory : undefined;
  return {
    rss: rssMb(worker),
    ...(memory ? { heapUsed: memory.heapUsed / 2 ** 20, heapTotal: memory.heapTotal / 2 ** 20 } : {}),
  };
}

/** Where the distinct-search sequence goes on (wrk's first argument): no query is asked twice of one server. */
let nextSearch = 0;

/** One wrk run of distinct searches; moves nextSearch past every query it may have sent. */
async function distinctRun(running: Running, script: string, duration: number): Promise<Sample> {
  const sample = await measure(running, script, 200, { ...load, duration }, [String(nextSearch)]);
  nextSearch += sample.requests + load.connections;
  return sample;
}

/**
 * Distinct searches on a server of their own: every request a new query (new short terms, limits
 * spread over 1 up to the route table's maximum, br and gzip alternating), so no cache answers it.
 */
async function distinctSearches(terms: readonly string[]): Promise<string> {
  const running = await freshServer();
  const script = writeScript('distinct.lua', distinctSearchScript(distinctPlan(terms)));
  nextSearch = 0;
  if (warmup > 0) await distinctRun(running, script, warmup);
  const samples: Sample[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const sample = await distinctRun(running, script, load.duration);
    samples.push(sample);
    console.error(`bench: distinct-search run ${run}/${runs}: ${Math.round(sample.rps)} req/s (${coresText(sample)})${boundText(sample)}`);
  }
  await running.stop();
  const kept = samples.filter(serverBound);
  const used = kept.length > 0 ? kept : samples;
  const unexpected = samples.reduce((sum, sample) => sum + sample.unexpected, 0);
  return (
    `Distinct searches (${searchDirectories().length} directories in turn, a new query each from ${terms.length.toLocaleString('en-US')} short terms ` +
    `and then pairs of them, limits 1-${MAX_LIMIT}, br and gzip alternating; ` +
    `a server of their own): worker CPU ${(median(used.map((sample) => sample.cpuMicros)) / 1000).toFixed(2)} ms per request, ` +
    `p99 ${median(used.map((sample) => sample.p99)).toFixed(1)} ms, ${Math.round(median(used.map((sample) => sample.rps)))} req/s, ` +
    `server ${median(used.map((sample) => sample.sideCores)).toFixed(2)} core, wrk ${median(used.map((sample) => sample.wrkCores)).toFixed(2)}; ` +
    `runs kept ${kept.length}/${samples.length}${kept.length === 0 ? ' (client-bound)' : ''}` +
    (unexpected > 0 ? `; ${unexpected} unexpected answers` : '') +
    '.'
  );
}

/**
 * Each distinct query asked twice, in one coding per server (br on one, gzip on the other, the
 * runs alternating which goes first): what a second answer costs each coding. The second asking
 * finds the query in no cache (the byte budget keeps it from then on), so both answers are made.
 */
async function askedTwice(terms: readonly string[]): Promise<string> {
  const sides = await Promise.all(
    ENCODINGS.map(async (encoding) => ({
      encoding,
      running: await freshServer(),
      script: writeScript(`twice-${encoding}.lua`, distinctSearchScript(distinctPlan(terms, 2, [encoding]))),
      samples: [] as Sample[],
    })),
  );
  // Both sides ask the same queries in each run (each server sees them fresh), from an even start
  // so each query's two askings stay together; the next run starts past what either side sent.
  let start = 0;
  for (let run = 1; run <= runs; run += 1) {
    let sent = 0;
    for (const side of run % 2 === 1 ? sides : [...sides].reverse()) {
      const sample = await measure(side.running, side.script, 200, load, [String(start)]);
      sent = Math.max(sent, sample.requests + load.connections);
      side.samples.push(sample);
      console.error(
        `bench: asked-twice ${side.encoding} run ${run}/${runs}: ${Math.round(sample.rps)} req/s (${coresText(sample)})${boundText(sample)}`,
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
    cpu.map((side) => `${side.encoding} ${(side.micros / 1000).toFixed(2)} ms (runs kept ${side.kept}/${runs})`).join(', ') +
    `; ${first!.encoding} / ${second!.encoding} ${(first!.micros / second!.micros).toFixed(2)}.`
  );
}

/** Sends requests a few at a time; returns the server's CPU seconds meanwhile and the wall seconds. */
async function sendAll(running: Running, requests: readonly BenchRequest[], concurrency = 4): Promise<{ cpu: number; seconds: number }> {
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
async function fullMix(terms: readonly string[]): Promise<string> {
  const FULL_MIX_SEARCHES = 10_000;
  const running = await freshServer();
  const atStart = await workerMemory(running);
  const routes = await fullMixRequests(running.url);
  await sendAll(running, routes);
  const afterRoutes = await workerMemory(running);
  // Its own sequence from 0: a fresh server has seen none of these queries.
  const script = writeScript('full-mix.lua', distinctSearchScript(distinctPlan(terms), FULL_MIX_SEARCHES + load.connections));
  const sample = await measure(running, script, 200, { ...load, duration: FULL_MIX_BOUND_SECONDS }, ['0', String(FULL_MIX_SEARCHES)]);
  const after = await workerMemory(running);
  await running.stop();
  const mb = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(0)} MB`);
  return (
    `Full mix (a fresh worker): RSS ${mb(atStart.rss)} at start, ${mb(afterRoutes.rss)} after every route in both locales and every coding ` +
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
async function searchShape(terms: readonly string[]): Promise<string> {
  const PER_SHAPE = 60;
  const probe = await freshServer();
  const shapes = await searchShapes(probe.url, terms, PER_SHAPE);
  await probe.stop();
  const running = await freshServer();
  // Warm on other queries (from far along the distinct sequence, past the probed terms).
  const warm = writeScript('shape-warm.lua', distinctSearchScript(distinctPlan(terms)));
  await measure(running, warm, 200, { ...load, duration: Math.max(1, warmup) }, [String(1000 * searchDirectories().length)]);
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

/** The server of a variant, or the plain one variants are compared with (each started once); its answers must be the main server's (the floor replays those). */
async function variantServer(variant: ServerVariant): Promise<Running> {
  let running = variantServers.get(variant);
  if (!running) {
    running = await startProcess((port) => serverUnderTest(chosenDist, port, variant), apiUrl('getHealth'));
    variantServers.set(variant, running);
  }
  return running;
}

/** A number with its sign, to one decimal. */
const signed = (value: number): string => `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;

/** Each variant's cost: the median of its per-run ratios to the plain server, run by run side by side. */
function variantCosts(results: readonly ClassResult[], classes: readonly BenchClass[]): string[] {
  return classes.flatMap((item) => {
    const featured = results.find((result) => result.id === item.id);
    if (!item.variant || !featured) return [];
    const m = classMedians(featured);
    const cost = 1 - m.ratioRps;
    return [
      `${SERVER_VARIANTS[item.variant.server].label} (${item.id}): ${cost >= 0 ? 'costs' : 'gains'} ${Math.abs(cost * 100).toFixed(1)}% of the ` +
        `plain server's throughput on the same requests (its "floor" columns are a plain server started like it); ` +
        `server CPU per request ${m.serverCpu.toFixed(0)} µs against ${m.floorCpu.toFixed(0)} µs (${signed((m.serverCpu / m.floorCpu - 1) * 100)}%)` +
        (m.clientBound ? ', client-bound' : '') +
        '.',
    ];
  });
}

/** Stops the run if it takes half again as long as its warm-ups and runs on both sides should. */
function armTimeBound(classCount: number, sections: ReadonlySet<string>): void {
  const sectionSeconds =
    (sections.has('distinct-search') ? (warmup + runs * load.duration) * 1.5 + 30 : 0) +
    (sections.has('asked-twice') ? runs * load.duration * 2 * 1.5 + 30 : 0) +
    (sections.has('search-shape') ? 300 : 0) +
    (sections.has('full-mix') ? FULL_MIX_BOUND_SECONDS + 60 : 0);
  const seconds = classCount * 2 * (warmup + runs * load.duration) * 1.5 + sectionSeconds + 60;
  setTimeout(() => {
    console.error(`bench: stopped at the time bound of ${Math.round(seconds)} s`);
    cleanUp();
    process.exit(3);
  }, seconds * 1000).unref();
}

/**
 * How the br bodies the server sent compare with Brotli quality 11 on the same decoded bytes, per
 * API class (spliced: a cached part compressed once, the per-request tail stored, about 170 bytes).
 */
function brotliRatios(classes: readonly BenchClass[], responses: Map<string, Recorded>): string {
  const lines: string[] = [];
  for (const item of classes) {
    let sent = 0;
    let best = 0;
    for (const request of item.requests) {
      const recorded = responses.get(fetchKey(request))!;
      if (recorded.headers['content-encoding'] !== 'br' || !String(recorded.headers['content-type']).includes('json')) continue;
      sent += recorded.body.length;
      best += brotliCompressSync(brotliDecompressSync(recorded.body), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    }
    if (best > 0)
      lines.push(`${item.id} ${(sent / best).toFixed(3)} (${sent.toLocaleString('en-US')} / ${best.toLocaleString('en-US')} bytes)`);
  }
  return lines.length === 0 ? 'No API response was sent in br.' : `API br size / Brotli quality 11 on the same bytes: ${lines.join('; ')}.`;
}

/**
 * Asks every distinct request until the server's answers stop changing size: a payload's Brotli
 * form is improved (quality 11, in the background) on its fourth br request (the byte budget keeps
 * it from the second, server/content-coding.mjs upgrades it on its third br answer), and the floor
 * should replay, and the size ratios describe, what the server sends once warm. Passes a second
 * apart, at least MIN_PASSES (one past the upgrade), at most SETTLE_PASSES.
 */
async function settleBrotli(classes: readonly BenchClass[]): Promise<void> {
  const MIN_PASSES = 5;
  const SETTLE_PASSES = 12;
  const requests = classes.flatMap((item) => item.requests);
  let sizes = new Map<string, number>();
  for (let pass = 1; pass <= SETTLE_PASSES; pass += 1) {
    const current = new Map<string, number>();
    for (const request of requests) current.set(fetchKey(request), (await fetchRaw(server!.url, request)).body.length);
    const changed = [...current].filter(([key, size]) => sizes.get(key) !== size).map(([key]) => key);
    if (pass > MIN_PASSES && changed.length === 0) return;
    if (pass === SETTLE_PASSES) console.error(`bench: still changing size after ${SETTLE_PASSES} passes: ${changed.join('; ')}`);
    sizes = current;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const fetchKey = (request: { path: string; headers: Record<string, string> }) => `${request.path} ${JSON.stringify(request.headers)}`;

/** The machine and the code the figures belong to. */
function provenance(): string {
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  let commit = 'unknown commit';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    if (execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim() !== '') commit += ' (uncommitted changes)';
  } catch {
    // not a git checkout
  }
  let loadAverage = '';
  try {
    loadAverage = `, load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} at the end`;
  } catch {
    // no /proc
  }
  return `${model}, ${availableParallelism()} cores${loadAverage}; Node ${process.version}; commit ${commit}.`;
}

async function main(): Promise<void> {
  const build = chooseBuild();
  chosenDist = build.distDir;
  const health = apiUrl('getHealth');
  server = await startProcess((port) => serverUnderTest(build.distDir, port), health);

  let classes = await benchClasses(server.url, build.distDir, searches);
  let sections = new Set<string>(SECTIONS);
  if (options.classes) {
    const wanted = new Set(options.classes.split(','));
    classes = classes.filter((item) => wanted.has(item.id));
    sections = new Set(SECTIONS.filter((section) => wanted.has(section)));
    if (classes.length === 0 && sections.size === 0) throw new Error(`--classes matched none of the classes and sections`);
  }
  armTimeBound(classes.length, sections);
  await settleBrotli(classes);
  // Record every distinct request once; the floor replays these bytes.
  const responses = new Map<string, Recorded>();
  for (const item of classes)
    for (const request of item.requests) {
      const recorded = await fetchRaw(server.url, request);
      if (recorded.status !== item.status) throw new Error(`${request.path} answered ${recorded.status}, expected ${item.status}`);
      responses.set(fetchKey(request), recorded);
    }
  const recordingsFile = join(workDir, 'recordings.jsonl');
  writeFileSync(recordingsFile, serializeRecordings([...responses.values()]));
  floor = await startProcess((port) => floorServer(recordingsFile, port), health);

  const contractBytes = (await fetchRaw(server.url, { path: apiUrl('getContract'), headers: {} })).body.length;
  const { payload } = (await fetchJson(server.url, health)) as { payload: { catalog: { entries: number } } };
  const terms = sections.size > 0 ? await shortTerms(server.url) : [];

  const results = classes.length > 0 ? await benchAll(classes, responses) : [];
  const memory = treeMemoryMb(server.pid);
  await server.stop();
  await floor.stop();
  for (const running of variantServers.values()) await running.stop();
  const sectionLines: string[] = [];
  if (sections.has('distinct-search')) sectionLines.push(await distinctSearches(terms));
  if (sections.has('asked-twice')) sectionLines.push(await askedTwice(terms));
  if (sections.has('search-shape')) sectionLines.push(await searchShape(terms));
  if (sections.has('full-mix')) sectionLines.push(await fullMix(terms));

  console.log(
    `### ${build.label}: ${payload.catalog.entries.toLocaleString('en-US')} entries; wrk, 1 thread, ${load.connections} connections; ` +
      `${runs} × ${load.duration} s per class and side, in rounds; medians of the server-bound rounds\n`,
  );
  console.log(`Machine: ${provenance()}\n`);
  if (results.length > 0) {
    console.log(markdownTable(results));
    console.log(
      `\nA round counts when both sides used at least 90% of a core (cores: each side's process tree, and wrk, over the run). ` +
        `ratio CPU is the floor's CPU per request over the server's.`,
    );
    const mcpRatio = throughputRatio(results, 'mcp', 'detail');
    if (mcpRatio !== undefined)
      console.log(`\nmcp against detail (the same project through the API): ${mcpRatio.toFixed(2)} of its req/s.`);
    console.log(`\n${brotliRatios(classes, responses)}`);
  }
  for (const line of sectionLines) console.log(`\n${line}`);
  console.log(
    `\nServer (one process, WEB_CONCURRENCY=1) RSS after the classes: ${memory.rss.toFixed(0)} MB (peak ${memory.peak.toFixed(0)} MB). ` +
      `Contract ${apiUrl('getContract')}: ${contractBytes.toLocaleString('en-US')} bytes.` +
      (build.buildSeconds === undefined ? '' : ` Build: ${build.buildSeconds.toFixed(1)} s.`),
  );
  const costs = variantCosts(results, classes);
  if (costs.length > 0)
    console.log(
      `\nThe cost of each operator feature, against the plain server on the same requests:\n\n${costs.map((line) => `- ${line}`).join('\n')}`,
    );
}

try {
  await main();
} finally {
  cleanUp();
}
