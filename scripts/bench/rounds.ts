/** The replayed classes, measured in alternating rounds on each side's server and the floor replaying its answers. */
import type { BenchRun, Side, SideName } from './bench-run.ts';
import { describeResponse, type ClassRuns, type Results } from './report.ts';
import { coresText, listScript, measure, type Sample } from './wrk.ts';

/** A class on one side: its wrk script and what it has measured so far. */
interface Plan {
  side: Side;
  script: string;
  runs: ClassRuns;
}

/**
 * Runs every class once per round on every side, server and floor back to back, so each round
 * holds, for each class, runs of both sides seconds apart.
 *
 * - **Warm first.** Each class loads every server and floor for the warm-up time before any run: a
 *   fresh server's first seconds cost more CPU per request (V8 still compiling the request path),
 *   and the first answer of each new kind deoptimizes the shared path once.
 * - **Rounds, not one class after another.** The machine has slow stretches of tens of seconds;
 *   in rounds such a stretch takes one run of several classes, not every run of one.
 * - **Order.** Odd rounds run the new side first and the server before the floor, even rounds the
 *   other way round, so a steady drift in the machine's speed favours neither.
 */
export async function runRounds(bench: BenchRun): Promise<Results> {
  const plans = bench.sides[0]!.classes.map((_, index) =>
    bench.sides.map((side): Plan => {
      const item = side.classes[index]!;
      const script = bench.writeScript(`class-${index}-${side.name}.lua`, listScript(item.requests, item.status));
      return { side, script, runs: { id: item.id, response: describeResponse(side.recorded[index]!), server: [], floor: [] } };
    }),
  );
  const run = (plan: Plan, role: 'server' | 'floor', duration = bench.load.duration): Promise<Sample> =>
    measure(plan.side[role], plan.script, { ...bench.load, duration });
  if (bench.warmup > 0) {
    for (const plan of plans.flat()) for (const role of ['server', 'floor'] as const) await run(plan, role, bench.warmup);
    console.error(`bench: every class warmed for ${bench.warmup} s on every server and floor`);
  }
  for (let round = 1; round <= bench.rounds; round += 1) {
    const odd = round % 2 === 1;
    for (const sides of plans) {
      for (const plan of odd ? sides : [...sides].reverse())
        for (const role of odd ? (['server', 'floor'] as const) : (['floor', 'server'] as const))
          plan.runs[role].push(await run(plan, role));
      const progress = sides.map(({ side, runs }) => {
        const [server, floor] = [runs.server.at(-1)!, runs.floor.at(-1)!];
        return `${side.name} ${(floor.cpuMicros / server.cpuMicros).toFixed(2)} (server ${coresText(server)}; floor ${coresText(floor)})`;
      });
      console.error(`bench: round ${round}/${bench.rounds} ${sides[0]!.runs.id}: ${progress.join(', ')}`);
    }
  }
  return new Map(bench.sides.map((side, at) => [side.name, plans.map((sides) => sides[at]!.runs)] as [SideName, ClassRuns[]]));
}
