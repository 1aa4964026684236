/**
 * `npm run bench`: the built server (one worker) against a bare node:http floor replaying the
 * same bytes, class by class, side by side in one run; prints a Markdown table of medians.
 *
 *   npm run bench                                  the build in dist/ (or DIST_DIR)
 *   npm run bench -- --scale 100                   synthesize a 100× catalog, build it in a temp dir, bench it
 *   npm run bench -- --content <dir>               build that content folder (or CONTENT_DIR) in a temp dir, bench it
 *   npm run bench -- --dist dist-100               an existing build
 *   --connections 32 --duration 5 --runs 3 --warmup 1 --searches 60 --classes default,detail,search
 *
 * Loopback only; every process it starts is stopped at the end, on a signal, or at the time bound.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { contentDir } from '../../src/catalog/content-dir.ts';
import { readContentFolder } from '../../src/catalog/load-files.ts';
import { ASTRO_BIN } from '../lib/astro-bin.ts';
import { synthesize, writeCollections } from '../lib/synth.ts';
import { apiUrl } from '../../src/routes/urls.ts';
import { benchClasses, type BenchClass } from './classes.ts';
import { measure, type Load, type Sample } from './measure.ts';
import {
  floorServer,
  killAll,
  serverUnderTest,
  SERVER_VARIANTS,
  startProcess,
  treeCpuSeconds,
  treeMemoryMb,
  type Running,
  type ServerVariant,
} from './processes.ts';
import { fetchJson, fetchRaw, serializeRecordings, type Recorded } from './recording.ts';
import { describeResponse, markdownTable, median, throughputRatio, type ClassResult } from './report.ts';

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
  },
  strict: true,
});

/** A positive integer option, or exit with a usage error. */
function count(name: keyof typeof options, max: number): number {
  const value = Number(options[name]);
  if (!Number.isInteger(value) || value < (name === 'warmup' ? 0 : 1) || value > max) {
    console.error(`bench: --${name} must be an integer up to ${max}, got ${String(options[name])}`);
    process.exit(2);
  }
  return value;
}
const load: Load = { connections: count('connections', 1000), duration: count('duration', 60) };
const runs = count('runs', 10);
const warmup = count('warmup', 10);
const searches = count('searches', 1000);

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

/** A class and the two processes it runs on, with what it has measured so far. */
interface Plan {
  item: BenchClass;
  tested: Running;
  reference: Running;
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
    cpuMicros: { server: [], floor: [] },
  };
}

/** One run of a class on one side: its sample and the side's CPU per answered request. */
async function runOnce(plan: Plan, side: 'server' | 'floor'): Promise<void> {
  const running = side === 'server' ? plan.tested : plan.reference;
  const cpuBefore = treeCpuSeconds(running.pid);
  const sample = await measure(running.url, plan.item.requests, plan.item.status, load);
  plan.result[side].push(sample);
  // CPU per request barely moves with the machine's other load, unlike throughput.
  plan.result.cpuMicros[side].push(((treeCpuSeconds(running.pid) - cpuBefore) * 1e6) / (sample.rps * load.duration));
}

/**
 * Runs every class `runs` times on its server and its reference, in rounds: each round runs each
 * class once, server and reference back to back, so a class's ratio is the median of paired runs.
 *
 * - **Warm first.** Before any run, each class loads both its sides for the warm-up time. A fresh
 *   server's first seconds under load cost about a quarter more CPU per request (V8 still compiling
 *   the request path: a default listing, 97 µs in the first 3 s, 75-83 µs after), and the first
 *   answer of each new kind deoptimizes the shared request path once (a detail then costs about 5%
 *   more). So every class is measured on a server that has answered them all, as a server in service has.
 * - **Rounds, not one class after another.** The machine has slow stretches of tens of seconds that
 *   cost the server more than the floor: the same detail-only bench at 100× measured 0.66 and then
 *   0.92, four of its five runs low in the first. Run class after class, such a stretch took every
 *   run of one class; run in rounds, it takes one run from each of several, and each median drops it.
 * - **Order.** Server first in odd rounds, reference first in even ones, so a steady drift in the
 *   machine's speed does not always favour the same side.
 * - **Variants** run side by side with a plain server, not the floor: their ratio is their cost.
 *   That server is started like the variants and serves only their requests: the main server has
 *   served every class and runs them slower than a fresh one (by 7-20% on a detail).
 */
async function benchAll(classes: readonly BenchClass[], responses: Map<string, Recorded>): Promise<ClassResult[]> {
  const plans: Plan[] = [];
  for (const item of classes) {
    const tested = item.variant ? await variantServer(item.variant.server) : server!;
    const reference = item.variant ? await variantServer('plain') : floor!;
    plans.push({ item, tested, reference, result: emptyResult(item, responses) });
  }
  if (warmup > 0) {
    for (const { item, tested, reference } of plans)
      for (const running of [tested, reference]) await measure(running.url, item.requests, item.status, { ...load, duration: warmup });
    console.error(`bench: every class warmed for ${warmup} s on each side`);
  }
  for (let run = 1; run <= runs; run += 1) {
    const order = run % 2 === 1 ? (['server', 'floor'] as const) : (['floor', 'server'] as const);
    for (const plan of plans) {
      for (const side of order) await runOnce(plan, side);
      const last = (samples: Sample[]) => `${Math.round(samples.at(-1)!.rps)} req/s`;
      console.error(`bench: ${plan.item.id} run ${run}/${runs}: server ${last(plan.result.server)}, floor ${last(plan.result.floor)}`);
    }
  }
  return plans.map(({ result }) => {
    const unexpected = [...result.server, ...result.floor].reduce((sum, sample) => sum + sample.unexpected, 0);
    return unexpected > 0 ? { ...result, response: `${result.response} (${unexpected} unexpected answers)` } : result;
  });
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
    const cost = 1 - median(featured.server.map((sample, index) => sample.rps / featured.floor[index]!.rps));
    const cpu = featured.cpuMicros;
    const cpuText =
      `; server CPU per request ${median(cpu.server).toFixed(0)} µs against ${median(cpu.floor).toFixed(0)} µs ` +
      `(${signed((median(cpu.server) / median(cpu.floor) - 1) * 100)}%)`;
    return [
      `${SERVER_VARIANTS[item.variant.server].label} (${item.id}): ${cost >= 0 ? 'costs' : 'gains'} ${Math.abs(cost * 100).toFixed(1)}% of the ` +
        `plain server's throughput on the same requests (its "floor" columns are a plain server started like it)${cpuText}.`,
    ];
  });
}

/** Stops the run if it takes half again as long as its warm-ups and runs on both sides should. */
function armTimeBound(classCount: number): void {
  const seconds = classCount * 2 * (warmup + runs * load.duration) * 1.5 + 60;
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
 * form is improved (quality 11, in the background) from its second br request, and the floor should
 * replay, and the size ratios describe, what the server sends once warm. Passes a second apart, at
 * most SETTLE_PASSES of them.
 */
async function settleBrotli(classes: readonly BenchClass[]): Promise<void> {
  const SETTLE_PASSES = 10;
  const requests = classes.flatMap((item) => item.requests);
  let sizes = new Map<string, number>();
  for (let pass = 1; pass <= SETTLE_PASSES; pass += 1) {
    const current = new Map<string, number>();
    for (const request of requests) current.set(fetchKey(request), (await fetchRaw(server!.url, request)).body.length);
    const changed = [...current].filter(([key, size]) => sizes.get(key) !== size).map(([key]) => key);
    if (pass > 2 && changed.length === 0) return;
    if (pass === SETTLE_PASSES) console.error(`bench: still changing size after ${SETTLE_PASSES} passes: ${changed.join('; ')}`);
    sizes = current;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const fetchKey = (request: { path: string; headers: Record<string, string> }) => `${request.path} ${JSON.stringify(request.headers)}`;

async function main(): Promise<void> {
  const build = chooseBuild();
  chosenDist = build.distDir;
  const health = apiUrl('getHealth');
  server = await startProcess((port) => serverUnderTest(build.distDir, port), health);

  let classes = await benchClasses(server.url, build.distDir, searches);
  if (options.classes) {
    const wanted = new Set(options.classes.split(','));
    classes = classes.filter((item) => wanted.has(item.id));
    if (classes.length === 0) throw new Error(`--classes matched none of the classes`);
  }
  armTimeBound(classes.length);
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

  const results = await benchAll(classes, responses);
  const memory = treeMemoryMb(server.pid);
  await server.stop();
  await floor.stop();
  for (const running of variantServers.values()) await running.stop();

  console.log(
    `### ${build.label}: ${payload.catalog.entries.toLocaleString('en-US')} entries, ${load.connections} connections, ` +
      `${runs} × ${load.duration} s per class and side, medians\n`,
  );
  console.log(markdownTable(results));
  const mcpRatio = throughputRatio(results, 'mcp', 'detail');
  if (mcpRatio !== undefined) console.log(`\nmcp against detail (the same project through the API): ${mcpRatio.toFixed(2)} of its req/s.`);
  console.log(`\n${brotliRatios(classes, responses)}`);
  console.log(
    `\nServer (one process, WEB_CONCURRENCY=1) RSS after the run: ${memory.rss.toFixed(0)} MB (peak ${memory.peak.toFixed(0)} MB). ` +
      `Contract ${apiUrl('getContract')}: ${contractBytes.toLocaleString('en-US')} bytes.` +
      (build.buildSeconds === undefined ? '' : ` Build: ${build.buildSeconds.toFixed(1)} s.`) +
      ` Node ${process.version}, ${availableParallelism()} CPUs; client, server and floor share them.`,
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
