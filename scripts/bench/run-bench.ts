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
 *   --server-log <file>                            the servers append their log to <file>, not a pipe
 *   --against <checkout>                           that checkout's server on its own build, class by class beside this one's
 *
 * Sections besides the replayed classes, selectable in --classes like them: distinct-search,
 * asked-twice, search-shape, full-mix. Loopback only; every process it starts is stopped at the end, on a
 * signal, or at the time bound.
 *
 * A program: `main(options)` runs one bench; importing this module does nothing. Its steps live in
 * bench-run.ts (the run's processes and folder), build-choice.ts, settle.ts, rounds.ts (the classes)
 * and sections.ts.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { apiUrl } from '../../src/routes/urls.ts';
import { BenchRun, type Side } from './bench-run.ts';
import { chooseBuild } from './build-choice.ts';
import { benchClasses, type BenchClass } from './classes.ts';
import { parseBenchOptions, UsageError, type BenchOptions } from './options.ts';
import { floorServer, startOnPorts, treeMemoryMb, type Running } from './processes.ts';
import { fetchJson, fetchRaw, serializeRecordings, type Recorded } from './recording.ts';
import { comparisonTable, markdownTable, throughputRatio } from './report.ts';
import { benchAll, variantCosts } from './rounds.ts';
import { askedTwice, distinctSearches, fullMix, FULL_MIX_BOUND_SECONDS, searchShape } from './sections.ts';
import { brotliRatios, fetchKey, settleBrotli } from './settle.ts';
import { shortTerms } from './search-load.ts';
import { requireWrk } from './wrk.ts';

/** The sections that run on the server alone, after the replayed classes. */
const SECTIONS = ['distinct-search', 'asked-twice', 'search-shape', 'full-mix'] as const;

/** Stops the run if it takes half again as long as its warm-ups and runs on both sides should. */
function armTimeBound(bench: BenchRun, classCount: number, sections: ReadonlySet<string>): NodeJS.Timeout {
  const sectionSeconds =
    (sections.has('distinct-search') ? (bench.warmup + bench.runs * bench.load.duration) * 1.5 + 30 : 0) +
    (sections.has('asked-twice') ? bench.runs * bench.load.duration * 2 * 1.5 + 30 : 0) +
    (sections.has('search-shape') ? 300 : 0) +
    (sections.has('full-mix') ? FULL_MIX_BOUND_SECONDS + 60 : 0);
  const seconds = classCount * 2 * (bench.warmup + bench.runs * bench.load.duration) * 1.5 + sectionSeconds + 60;
  return setTimeout(() => {
    console.error(`bench: stopped at the time bound of ${Math.round(seconds)} s`);
    bench.stop();
    process.exit(3);
  }, seconds * 1000).unref();
}

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

/** Runs the bench `options` describe and prints its Markdown; stops everything it started, whatever happens. */
export async function main(options: BenchOptions): Promise<void> {
  const bench = new BenchRun(options, requireWrk(options.installWrk));
  const stopOn = () => {
    bench.stop();
    process.exit(130);
  };
  process.on('SIGINT', stopOn).on('SIGTERM', stopOn);
  try {
    await runBench(bench, options);
  } finally {
    process.off('SIGINT', stopOn).off('SIGTERM', stopOn);
    bench.stop();
  }
}

/** Warms `server` (settle.ts), then records every distinct request of the classes once: what its floor replays. */
async function settleAndRecord(server: Running, classes: readonly BenchClass[], side: Side): Promise<Map<string, Recorded>> {
  await settleBrotli(server, classes);
  const responses = new Map<string, Recorded>();
  for (const item of classes)
    for (const request of item.requests) {
      const recorded = await fetchRaw(server.url, request);
      if (recorded.status !== item.status)
        throw new Error(`${request.path} answered ${recorded.status} on the ${side} side, expected ${item.status}`);
      responses.set(fetchKey(request), recorded);
    }
  return responses;
}

/**
 * The floor replaying each side's answers, every side on its own port of one process: two floor
 * processes replaying the same bytes have differed by a fifth in CPU per request (the old side's
 * floor against the new side's at 100×), which every comparison of the sides would have inherited.
 */
async function startFloors(bench: BenchRun, recorded: readonly { side: Side; responses: Map<string, Recorded> }[]): Promise<Running[]> {
  const files = recorded.map(({ side, responses }) => {
    const file = join(bench.workDir, `recordings-${side}.jsonl`);
    writeFileSync(file, serializeRecordings([...responses.values()]));
    return file;
  });
  return startOnPorts((ports) => floorServer(files, ports), files.length, apiUrl('getHealth'));
}

async function runBench(bench: BenchRun, options: BenchOptions): Promise<void> {
  const build = chooseBuild(bench, options);
  bench.dist = build.distDir;
  const health = apiUrl('getHealth');
  const server = (bench.server = await bench.freshServer());

  let classes = await benchClasses(server.url, build.distDir, options.searches);
  let sections = new Set<string>(SECTIONS);
  if (options.classes) {
    const wanted = new Set(options.classes);
    classes = classes.filter((item) => wanted.has(item.id));
    sections = new Set(SECTIONS.filter((section) => wanted.has(section)));
    if (classes.length === 0 && sections.size === 0) throw new Error(`--classes matched none of the classes and sections`);
  }
  const timeBound = armTimeBound(bench, classes.length * (bench.against ? 2 : 1), sections);
  const responses = await settleAndRecord(server, classes, 'new');
  let old: { classes: BenchClass[]; responses: Map<string, Recorded> } | undefined;
  if (bench.against) {
    bench.oldServer = await bench.freshServer('old');
    // Its own classes: the same ids, with what its build answers (its ETags for the 304 class, its asset names).
    const ids = new Set(classes.map((item) => item.id));
    const oldClasses = (await benchClasses(bench.oldServer.url, bench.distOf('old'), options.searches)).filter((item) => ids.has(item.id));
    old = { classes: oldClasses, responses: await settleAndRecord(bench.oldServer, oldClasses, 'old') };
  }
  [bench.floor, bench.oldFloor] = await startFloors(bench, [
    { side: 'new', responses },
    ...(old ? [{ side: 'old' as const, responses: old.responses }] : []),
  ]);

  const contractBytes = (await fetchRaw(server.url, { path: apiUrl('getContract'), headers: {} })).body.length;
  const { payload } = (await fetchJson(server.url, health)) as { payload: { catalog: { entries: number } } };
  const terms = sections.size > 0 ? await shortTerms(server.url) : [];

  const measured = classes.length > 0 ? await benchAll(bench, { classes, responses }, old) : undefined;
  const results = measured?.new ?? [];
  const memory = treeMemoryMb(server.pid);
  await bench.stopClassServers();
  const sectionLines: string[] = [];
  if (sections.has('distinct-search')) sectionLines.push(await distinctSearches(bench, terms));
  if (sections.has('asked-twice')) sectionLines.push(await askedTwice(bench, terms));
  if (sections.has('search-shape')) sectionLines.push(await searchShape(bench, terms));
  if (sections.has('full-mix')) sectionLines.push(await fullMix(bench, terms));
  if (sections.has('full-mix') && bench.against) sectionLines.push(await fullMix(bench, terms, 'old'));

  console.log(
    `### ${build.label}: ${payload.catalog.entries.toLocaleString('en-US')} entries; wrk, 1 thread, ${bench.load.connections} connections; ` +
      `${bench.runs} × ${bench.load.duration} s per class and side, in rounds; medians of the server-bound rounds; ` +
      `the server's log ${bench.serverLog === undefined ? 'to a pipe' : `appended to ${bench.serverLog}`}\n`,
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
  if (measured?.old) {
    console.log(
      `\nAgainst ${bench.against} (old: its server on its own build, against its own answers replayed by the same floor process, in the same rounds):\n`,
    );
    console.log(comparisonTable(measured.new, measured.old));
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
  clearTimeout(timeBound);
}

// Run as a program (npm run bench), not when imported.
if (import.meta.main) {
  try {
    await main(parseBenchOptions(process.argv.slice(2)));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    process.exitCode = 2;
  }
}
