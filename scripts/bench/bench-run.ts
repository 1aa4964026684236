/**
 * One run of the bench: its load, its temporary folder and its sides, each a checkout's server on
 * its own build, warmed, beside the floor replaying that server's answers. Passed to every step (no
 * module-level state); `stop()` stops every process it started and removes the folder.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { benchClasses, type BenchClass } from './classes.ts';
import { killAll, startFloor, startServer, workerReport, type Running } from './processes.ts';
import { fetchRaw, serializeRecordings, type Recorded } from './recording.ts';
import type { Load } from './wrk.ts';

/** This checkout (new) or the one --against names (old). */
export type SideName = 'new' | 'old';

export interface Side {
  name: SideName;
  checkout: string;
  dist: string;
  /** The classes as this side's build answers them (its ETags, its asset names). */
  classes: BenchClass[];
  /** What its floor replays, class by class. */
  recorded: Recorded[][];
  server: Running;
  floor: Running;
}

export class BenchRun {
  readonly workDir: string;
  readonly load: Load;
  /** How many times each class runs on each side. */
  readonly rounds: number;
  /** Seconds of warm-up per class, side and role before the rounds. */
  readonly warmup: number;
  sides: Side[] = [];

  constructor(load: Load, rounds: number, warmup: number) {
    [this.load, this.rounds, this.warmup] = [load, rounds, warmup];
    // Inside the project (git-ignored), beside its other scratch files.
    mkdirSync('.tmp', { recursive: true });
    this.workDir = resolve(mkdtempSync(join('.tmp', 'bench-')));
  }

  /** Writes a generated file (a wrk script, recordings) into the run's temporary folder. */
  writeScript(name: string, script: string): string {
    const file = join(this.workDir, name);
    writeFileSync(file, script);
    return file;
  }

  /** Stops everything this run started and removes its temporary files. */
  stop(): void {
    killAll();
    rmSync(this.workDir, { recursive: true, force: true });
  }
}

/**
 * What the floor replays: the answers of a warm server, each checked for its class's status. A
 * payload's Brotli form is improved (the best quality, in the background) once it has answered
 * enough br requests, so every distinct request is asked in passes a second apart until the
 * server's SIGUSR2 report counts no form waiting for its upgrade and none running
 * (src/api/codings.ts), and a pass changed no size; at most SETTLE_PASSES.
 */
async function warmAnswers(server: Running, classes: readonly BenchClass[]): Promise<Recorded[][]> {
  const SETTLE_PASSES = 12;
  let sizes = '';
  for (let pass = 1; ; pass += 1) {
    const answers: Recorded[][] = [];
    for (const item of classes) answers.push(await Promise.all(item.requests.map((request) => fetchRaw(server.url, request))));
    const passSizes = answers
      .flat()
      .map((answer) => answer.body.length)
      .join();
    // A server from before the report is warm once a pass changes no size.
    const upgrades = (await workerReport(server))?.upgrades;
    const warm = passSizes === sizes && !upgrades?.waiting && !upgrades?.running;
    if (warm || pass === SETTLE_PASSES) {
      if (!warm)
        console.error(`bench: ${server.url} not warm after ${SETTLE_PASSES} passes (${upgrades?.waiting ?? 0} Brotli forms waiting)`);
      const wrong = answers.flatMap((own, index) => own.filter((answer) => answer.status !== classes[index]!.status))[0];
      if (wrong) throw new Error(`bench: ${server.url} answered ${wrong.status} to ${wrong.key.split('\n').join(' ')}`);
      return answers;
    }
    sizes = passSizes;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * Starts each checkout's server on its build of `dist` (the same path in each checkout), warms it,
 * records its answers to the classes (`wanted` only, when given; the same ids on every side), and
 * one floor process replaying each side's answers on a port of its own.
 */
export async function startSides(
  bench: BenchRun,
  checkouts: readonly { name: SideName; checkout: string }[],
  dist: string,
  wanted?: readonly string[],
) {
  const sides: Omit<Side, 'floor'>[] = [];
  for (const { name, checkout } of checkouts) {
    const sideDist = join(checkout, relative(process.cwd(), dist));
    if (!existsSync(join(sideDist, 'server', 'entry.mjs')))
      throw new Error(`bench: no build in ${sideDist}; run \`npm run build\` there first`);
    const server = await startServer(checkout, sideDist);
    const classes = (await benchClasses(server.url, sideDist)).filter((item) => !wanted || wanted.includes(item.id));
    const ids = classes.map((item) => item.id).join(',');
    if (sides[0] && ids !== sides[0].classes.map((item) => item.id).join(','))
      throw new Error(`bench: the ${name} side's classes (${ids}) are not the new side's`);
    sides.push({ name, checkout, dist: sideDist, classes, server, recorded: await warmAnswers(server, classes) });
  }
  const floors = await startFloor(
    sides.map((side) => bench.writeScript(`recordings-${side.name}.jsonl`, serializeRecordings(side.recorded.flat()))),
  );
  bench.sides = sides.map((side, index) => ({ ...side, floor: floors[index]! }));
}
