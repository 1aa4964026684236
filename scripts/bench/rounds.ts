/** The replayed classes, measured in rounds on the server and its reference (the floor or a plain server). */
import type { BenchRun, Side } from './bench-run.ts';
import type { BenchClass } from './classes.ts';
import { measure, serverBound, type Sample } from './measure.ts';
import { SERVER_VARIANTS, type Running } from './processes.ts';
import type { Recorded } from './recording.ts';
import { classMedians, describeResponse, median, type ClassResult } from './report.ts';
import { fetchKey } from './settle.ts';
import { listScript } from './wrk-script.ts';

/** A class on one side: the two processes it runs on, its wrk script and what it has measured so far. */
interface Pair {
  side: Side;
  item: BenchClass;
  tested: Running;
  reference: Running;
  script: string;
  result: ClassResult;
}

/** What one side runs: its classes and the answers its floor replays. */
export interface SideClasses {
  classes: readonly BenchClass[];
  responses: Map<string, Recorded>;
}

/** What the rounds measured, class by class, on each side. */
export interface SideResults {
  new: ClassResult[];
  old?: ClassResult[];
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

export const coresText = (sample: Sample) => `${sample.sideCores.toFixed(2)} core, wrk ${sample.wrkCores.toFixed(2)}`;
export const boundText = (sample: Sample) => (serverBound(sample) ? '' : ' CLIENT-BOUND');

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
 * - **Two checkouts (--against).** Each class runs on both sides in the same round, each side's
 *   server against its own floor (the bytes that server sent; both floors in one process), so an old and a new commit are
 *   compared run by run, seconds apart, not bench by bench minutes apart.
 */
export async function benchAll(bench: BenchRun, current: SideClasses, old?: SideClasses): Promise<SideResults> {
  const sides = old ? { new: current, old } : { new: current };
  // Per class, its pair on each side (the old side's class of the same id, asked of its own build).
  const plans: Pair[][] = [];
  for (const [index, item] of current.classes.entries()) {
    const pairs: Pair[] = [];
    for (const [side, { classes, responses }] of Object.entries(sides) as [Side, SideClasses][]) {
      const own = classes.find((candidate) => candidate.id === item.id);
      if (!own) throw new Error(`bench: the ${side} side has no class ${item.id}`);
      const { server, floor } = bench.classServers(side);
      const tested = own.variant ? await bench.variantServer(own.variant.server, side) : server;
      const reference = own.variant ? await bench.variantServer('plain', side) : floor;
      // Only a class whose wrong answer is still 2xx/3xx to wrk (a 200 for a 304) pays for counting statuses.
      const script = bench.writeScript(`class-${index}-${side}.lua`, listScript(own.requests, own.status !== 200));
      pairs.push({ side, item: own, tested, reference, script, result: emptyResult(own, responses) });
    }
    plans.push(pairs);
  }
  if (bench.warmup > 0) {
    for (const pairs of plans)
      for (const { item, script, tested, reference } of pairs)
        for (const running of [tested, reference]) await measure(running, script, item.status, { ...bench.load, duration: bench.warmup });
    console.error(`bench: every class warmed for ${bench.warmup} s on each side`);
  }
  for (let run = 1; run <= bench.runs; run += 1) {
    // Odd rounds: the server first, and the new side first; even rounds the other way round.
    const order = run % 2 === 1 ? (['server', 'floor'] as const) : (['floor', 'server'] as const);
    for (const pairs of plans) {
      for (const pair of run % 2 === 1 ? pairs : [...pairs].reverse()) {
        for (const role of order)
          pair.result[role].push(
            await measure(role === 'server' ? pair.tested : pair.reference, pair.script, pair.item.status, bench.load),
          );
        const [tested, reference] = [pair.result.server.at(-1)!, pair.result.floor.at(-1)!];
        console.error(
          `bench: ${pair.item.id}${old ? ` (${pair.side})` : ''} run ${run}/${bench.runs}: ` +
            `server ${Math.round(tested.rps)} req/s (${coresText(tested)})${boundText(tested)}, ` +
            `floor ${Math.round(reference.rps)} req/s (${coresText(reference)})${boundText(reference)}`,
        );
      }
    }
  }
  const resultsOf = (side: Side) =>
    plans.flatMap((pairs) =>
      pairs
        .filter((pair) => pair.side === side)
        .map(({ result }) => {
          const unexpected = [...result.server, ...result.floor].reduce((sum, sample) => sum + sample.unexpected, 0);
          return unexpected > 0 ? { ...result, response: `${result.response} (${unexpected} unexpected answers)` } : result;
        }),
    );
  return old ? { new: resultsOf('new'), old: resultsOf('old') } : { new: resultsOf('new') };
}

/** A number with its sign, to one decimal. */
const signed = (value: number): string => `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;

/** Each variant's cost: the median of its per-run ratios to the plain server, run by run side by side. */
export function variantCosts(results: readonly ClassResult[], classes: readonly BenchClass[]): string[] {
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
