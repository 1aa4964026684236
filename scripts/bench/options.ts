/** The bench's command line, parsed and checked: what `main` (run-bench.ts) is given. */
import { parseArgs } from 'node:util';

export interface BenchOptions {
  connections: number;
  /** Seconds of one measured run. */
  duration: number;
  runs: number;
  /** Seconds of the warm-up before the runs. */
  warmup: number;
  /** Distinct search requests in the search class. */
  searches: number;
  /** Only these classes and sections, when given. */
  classes?: readonly string[] | undefined;
  scale?: number | undefined;
  content?: string | undefined;
  dist?: string | undefined;
  installWrk: boolean;
  /** The servers under test append their request log to this file instead of a pipe. */
  serverLog?: string | undefined;
  /** Another checkout whose server runs on its own build beside this one's, class by class in the same rounds. */
  against?: string | undefined;
}

/** A wrong option: the message names it, its value and what it must be. */
export class UsageError extends Error {}

/** The options in `argv` (without node and the script), or a UsageError. */
export function parseBenchOptions(argv: readonly string[]): BenchOptions {
  const { values } = parseArgs({
    args: [...argv],
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
      'server-log': { type: 'string' },
      against: { type: 'string' },
    },
    strict: true,
  });
  /** A positive integer option (the warm-up may be 0). */
  const count = (name: 'connections' | 'duration' | 'runs' | 'warmup' | 'searches', max: number): number => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < (name === 'warmup' ? 0 : 1) || value > max)
      throw new UsageError(`bench: --${name} must be an integer up to ${max}, got ${String(values[name])}`);
    return value;
  };
  if (values.against !== undefined && (values.scale !== undefined || values.content !== undefined))
    throw new UsageError('bench: --against compares two existing builds; use it with --dist or the default dist, not --scale or --content');
  return {
    connections: count('connections', 1000),
    duration: count('duration', 60),
    runs: count('runs', 20),
    warmup: count('warmup', 10),
    searches: count('searches', 1000),
    classes: values.classes?.split(','),
    scale: values.scale === undefined ? undefined : Number(values.scale),
    content: values.content,
    dist: values.dist,
    installWrk: values['install-wrk'],
    serverLog: values['server-log'],
    against: values.against,
  };
}
