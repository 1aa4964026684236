/**
 * One run of the bench: its options, its temporary folder and the processes it started, passed to
 * every step (no module-level state). `stop()` stops them all and removes the folder.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { apiUrl } from '../../src/routes/urls.ts';
import type { Load } from './measure.ts';
import { UsageError, type BenchOptions } from './options.ts';
import { killAll, serverUnderTest, startProcess, type Running, type ServerVariant } from './processes.ts';

/** Which server code a process runs: this checkout's (new), or the checkout --against names (old). */
export type Side = 'new' | 'old';

export class BenchRun {
  readonly load: Load;
  readonly runs: number;
  readonly warmup: number;
  readonly workDir: string;
  /** The build under test, once chosen. */
  dist = '';
  server: Running | undefined;
  floor: Running | undefined;
  /** With --against: the other checkout, its server on its own build and its floor, run beside these. */
  readonly against: string | undefined;
  oldServer: Running | undefined;
  oldFloor: Running | undefined;
  /** Servers with a feature on, started for the first class that needs one, by side and variant. */
  readonly #variants = new Map<string, Running>();
  /** The file the servers under test append their log to (--server-log); a pipe when unset. */
  readonly serverLog: string | undefined;

  constructor(options: BenchOptions, wrk: string) {
    this.load = { wrk, connections: options.connections, duration: options.duration };
    this.runs = options.runs;
    this.warmup = options.warmup;
    this.serverLog = options.serverLog === undefined ? undefined : resolve(options.serverLog);
    this.against = options.against === undefined ? undefined : resolve(options.against);
    // Inside the project (git-ignored): a build must resolve the project's node_modules at run time.
    mkdirSync('.tmp', { recursive: true });
    this.workDir = resolve(mkdtempSync(join('.tmp', 'bench-')));
  }

  /** Writes a generated wrk script into the run's temporary folder. */
  writeScript(name: string, script: string): string {
    const file = join(this.workDir, name);
    writeFileSync(file, script);
    return file;
  }

  /**
   * The build `side` serves: this one's, or for the old side the same path in the other checkout
   * (its own build of its own code).
   */
  distOf(side: Side): string {
    if (side === 'new' || this.against === undefined) return this.dist;
    const dist = join(this.against, relative(process.cwd(), this.dist));
    if (!existsSync(join(dist, 'server', 'entry.mjs')))
      throw new UsageError(`bench: --against ${this.against} has no build in ${dist}; build it there first`);
    return dist;
  }

  /** The classes' server on `side` and the floor replaying its answers, once both are started. */
  classServers(side: Side): { server: Running; floor: Running } {
    const [server, floor] = side === 'new' ? [this.server, this.floor] : [this.oldServer, this.oldFloor];
    if (!server || !floor) throw new Error(`bench: the ${side} side's server and floor are not started`);
    return { server, floor };
  }

  /** A fresh server (one worker, the plain configuration) for the classes, or for a section that must not share caches with another. */
  freshServer(side: Side = 'new'): Promise<Running> {
    return this.#start('plain', side);
  }

  /** The server of a variant, or the plain one variants are compared with (each started once per side); its answers must be the main server's (the floor replays those). */
  async variantServer(variant: ServerVariant, side: Side = 'new'): Promise<Running> {
    let running = this.#variants.get(`${side} ${variant}`);
    if (!running) {
      running = await this.#start(variant, side);
      this.#variants.set(`${side} ${variant}`, running);
    }
    return running;
  }

  #start(variant: ServerVariant, side: Side): Promise<Running> {
    const checkout = side === 'old' ? this.against : undefined;
    return startProcess(
      (port) => serverUnderTest(this.distOf(side), port, { variant, logFile: this.serverLog, checkout }),
      apiUrl('getHealth'),
    );
  }

  /** Stops the servers of the classes (the sections start their own). */
  async stopClassServers(): Promise<void> {
    for (const running of [this.server, this.floor, this.oldServer, this.oldFloor]) await running?.stop();
    for (const running of this.#variants.values()) await running.stop();
  }

  /** Stops everything this run started and removes its temporary files. */
  stop(): void {
    killAll();
    rmSync(this.workDir, { recursive: true, force: true });
  }
}
