/**
 * One run of the bench: its options, its temporary folder and the processes it started, passed to
 * every step (no module-level state). `stop()` stops them all and removes the folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { apiUrl } from '../../src/routes/urls.ts';
import type { Load } from './measure.ts';
import type { BenchOptions } from './options.ts';
import { killAll, serverUnderTest, startProcess, type Running, type ServerVariant } from './processes.ts';

export class BenchRun {
  readonly load: Load;
  readonly runs: number;
  readonly warmup: number;
  readonly workDir: string;
  /** The build under test, once chosen. */
  dist = '';
  server: Running | undefined;
  floor: Running | undefined;
  /** Servers with a feature on, started for the first class that needs one. */
  readonly #variants = new Map<ServerVariant, Running>();
  /** Where the distinct-search sequence goes on (wrk's first argument): no query is asked twice of one server. */
  nextSearch = 0;

  constructor(options: BenchOptions, wrk: string) {
    this.load = { wrk, connections: options.connections, duration: options.duration };
    this.runs = options.runs;
    this.warmup = options.warmup;
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

  /** A fresh server (one worker, the plain configuration) for a section that must not share caches with another. */
  freshServer(): Promise<Running> {
    return startProcess((port) => serverUnderTest(this.dist, port), apiUrl('getHealth'));
  }

  /** The server of a variant, or the plain one variants are compared with (each started once); its answers must be the main server's (the floor replays those). */
  async variantServer(variant: ServerVariant): Promise<Running> {
    let running = this.#variants.get(variant);
    if (!running) {
      running = await startProcess((port) => serverUnderTest(this.dist, port, variant), apiUrl('getHealth'));
      this.#variants.set(variant, running);
    }
    return running;
  }

  /** Stops the servers of the classes (the sections start their own). */
  async stopClassServers(): Promise<void> {
    await this.server?.stop();
    await this.floor?.stop();
    for (const running of this.#variants.values()) await running.stop();
  }

  /** Stops everything this run started and removes its temporary files. */
  stop(): void {
    killAll();
    rmSync(this.workDir, { recursive: true, force: true });
  }
}
