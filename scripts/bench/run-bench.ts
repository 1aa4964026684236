/**
 * `npm run bench`: this checkout's built server (one worker) against a bare node:http floor that
 * replays the same bytes, class by class in rounds, loaded by wrk; with --against, another
 * checkout's server on its own build in the same rounds, against its own answers replayed by the
 * same floor process. Then distinct searches and memory on a server of their own per side. Prints
 * Markdown, the verdict first. How to run it and read it: docs/benchmark.md. Loopback only; every
 * process it starts is stopped at the end or on a signal. Importing this module does nothing.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { apiUrl } from '../../src/routes/urls.ts';
import { BenchRun, startSides, type SideName } from './bench-run.ts';
import { fetchJson } from './recording.ts';
import { classTable, marks, verdict } from './report.ts';
import { runRounds } from './rounds.ts';
import { searchesAndMemory, shortTerms } from './searches.ts';
import { findWrk } from './wrk.ts';

/** A wrong option: the message names it, its value and what it must be. */
export class UsageError extends Error {}

/** The section that runs on servers of its own after the classes, selectable in --classes like them. */
const SECTION = 'distinct-search';

export type BenchOptions = ReturnType<typeof parseBenchOptions>;

/**
 * The options in `argv` (without node and the script), or a UsageError: the connections wrk keeps
 * open, the seconds of one run and of the warm-up, the rounds, the classes and section to run
 * (all when not given), the build (a path in each checkout) and the other checkout.
 */
export function parseBenchOptions(argv: readonly string[]) {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      connections: { type: 'string', default: '32' },
      duration: { type: 'string', default: '1' },
      rounds: { type: 'string', default: '8' },
      warmup: { type: 'string', default: '1' },
      classes: { type: 'string' },
      dist: { type: 'string' },
      against: { type: 'string' },
    },
    strict: true,
  });
  /** A positive integer option (the warm-up may be 0). */
  const count = (name: 'connections' | 'duration' | 'rounds' | 'warmup', max: number): number => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < (name === 'warmup' ? 0 : 1) || value > max)
      throw new UsageError(`bench: --${name} must be an integer up to ${max}, got ${String(values[name])}`);
    return value;
  };
  return {
    connections: count('connections', 1000),
    duration: count('duration', 60),
    rounds: count('rounds', 50),
    warmup: count('warmup', 10),
    classes: values.classes?.split(','),
    dist: values.dist,
    against: values.against,
  };
}

/** The checkout's commit, `-dirty` when its tracked files have changes. */
function commitOf(checkout: string): string {
  try {
    return execFileSync('git', ['-C', checkout, 'describe', '--always', '--dirty', '--exclude', '*'], { encoding: 'utf8' }).trim();
  } catch {
    return 'not a git checkout';
  }
}

/** The machine the figures belong to. */
function machine(): string {
  const loadAverage = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  return `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${availableParallelism()} cores, load average ${loadAverage} at the end; Node ${process.version}`;
}

/** Runs the bench `options` describe and prints its Markdown; stops everything it started, whatever happens. */
export async function main(options: BenchOptions): Promise<void> {
  const wrk = findWrk();
  if (!wrk) throw new UsageError('bench: wrk is not installed; install it with `sudo apt-get install wrk`');
  const bench = new BenchRun({ wrk, connections: options.connections, duration: options.duration }, options.rounds, options.warmup);
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

async function runBench(bench: BenchRun, options: BenchOptions): Promise<void> {
  const searching = !options.classes || options.classes.includes(SECTION);
  const checkouts: { name: SideName; checkout: string }[] = [{ name: 'new', checkout: process.cwd() }];
  if (options.against !== undefined) checkouts.push({ name: 'old', checkout: resolve(options.against) });
  await startSides(bench, checkouts, resolve(options.dist ?? process.env['DIST_DIR'] ?? 'dist'), options.classes);
  if (bench.sides[0]!.classes.length === 0 && !searching) throw new UsageError('bench: --classes matched no class and no section');

  const newSide = bench.sides[0]!;
  const { payload } = (await fetchJson(newSide.server.url, apiUrl('getHealth'))) as { payload: { catalog: { entries: number } } };
  const terms = searching ? await shortTerms(newSide.server.url) : [];
  const results = newSide.classes.length > 0 ? await runRounds(bench) : undefined;
  // The searches start servers of their own; these would only share the machine with them.
  for (const side of bench.sides) await Promise.all([side.server.stop(), side.floor.stop()]);
  const searches = searching ? await searchesAndMemory(bench, terms) : undefined;

  const labels = new Map(bench.sides.map((side) => [side.name, `${side.name} (${side.checkout}, ${commitOf(side.checkout)})`]));
  console.log(
    `### ${relative(process.cwd(), newSide.dist)}: ${payload.catalog.entries.toLocaleString('en-US')} entries; ` +
      `wrk, 1 thread, ${bench.load.connections} connections; ${bench.rounds} rounds of ${bench.load.duration} s per class, side and role\n`,
  );
  console.log(`Sides: ${[...labels.values()].join('; ')}. Machine: ${machine()}.\n`);
  const [newSearch, oldSearch] = [searches?.figures.get('new'), searches?.figures.get('old')];
  if (results) {
    const { text, pooled } = verdict(results, labels);
    const table = classTable(results);
    const searchFigures = newSearch ? { searchMs: newSearch.cpuMs, ...(oldSearch ? { rssRatio: newSearch.rss / oldSearch.rss } : {}) } : {};
    console.log(`${text}\n\n${marks({ pooled, lowest: table.lowest, ...searchFigures })}\n`);
    console.log(`Class by class (information; medians of the kept rounds; ratio: the floor's CPU per request over the server's):\n`);
    console.log(table.text);
  }
  if (searches) console.log(`\n${searches.text}`);
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
