/**
 * What the rounds measured, as Markdown: the verdict (CPU per request pooled over every class,
 * relative to the floor and between the sides, with its interval over the rounds), then class by
 * class for information.
 */
import type { SideName } from './bench-run.ts';
import type { Recorded } from './recording.ts';
import { serverBound, type Sample } from './wrk.ts';

/** One class on one side, run by run: the server's and the floor's samples, index = round. */
export interface ClassRuns {
  id: string;
  /** Status, encoding and size of the recorded answer. */
  response: string;
  server: Sample[];
  floor: Sample[];
}

/** Per side, its classes in the same order. */
export type Results = ReadonlyMap<SideName, readonly ClassRuns[]>;

/** The median of numbers (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The median of `values` with the lowest and highest: with n rounds the median of the rounds'
 * distribution lies between them with probability 1 − 2^(1−n) (94% for 5 rounds, 99% for 8).
 */
function spread(values: readonly number[]): string {
  const digits = (value: number) => value.toFixed(3);
  return `${digits(median(values))} (${digits(Math.min(...values))}–${digits(Math.max(...values))})`;
}

/** Status, content encoding and (median) body size of a class's recorded answers, such as `200 br 12.3 kB`. */
export function describeResponse(answers: readonly Recorded[]): string {
  const bytes = median(answers.map((answer) => answer.body.length));
  const size = bytes >= 2 ** 20 ? `${(bytes / 2 ** 20).toFixed(2)} MB` : bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${bytes} B`;
  return [answers[0]!.status, answers[0]!.headers['content-encoding'] ?? 'identity', size].join(' ');
}

/** All the CPU of some runs over all their requests, µs: a run weighs what it answered. */
export const cpuPerRequest = (samples: readonly Sample[]): number =>
  samples.reduce((sum, sample) => sum + sample.cpuMicros * sample.requests, 0) / samples.reduce((sum, sample) => sum + sample.requests, 0);

/**
 * Per class and round, whether the round measured the servers: every side's server and floor used
 * BOUND of a core. When no round of any class did, `bound` is false and the pool takes every round:
 * the figures then measured the machine as much as the servers.
 */
function keptRounds(results: Results): { kept: boolean[][]; bound: boolean } {
  const sides = [...results.values()];
  const kept = sides[0]!.map((runs, index) =>
    runs.server.map((_, round) =>
      sides.every((side) => serverBound(side[index]!.server[round]!) && serverBound(side[index]!.floor[round]!)),
    ),
  );
  return { kept, bound: kept.flat().some(Boolean) };
}

/**
 * Round by round, each side's pooled ratio: its floor's CPU per request over its server's, over the
 * runs of every class kept in that round (the same classes on every side), all their CPU over all
 * their requests. Rounds without a kept class are left out.
 */
export function pooledRounds(results: Results, { kept, bound } = keptRounds(results)): Map<SideName, number>[] {
  return kept[0]!.flatMap((_, round) => {
    const classes = kept.flatMap((rounds, index) => (rounds[round] || !bound ? [index] : []));
    if (classes.length === 0) return [];
    const cpu = (side: readonly ClassRuns[], role: 'server' | 'floor') => cpuPerRequest(classes.map((index) => side[index]![role][round]!));
    return [new Map([...results].map(([name, side]) => [name, cpu(side, 'floor') / cpu(side, 'server')]))];
  });
}

/** The verdict: each side's pooled ratio to the floor and, with two sides, new over old; the median of the rounds and their range. */
export function verdict(results: Results, labels: ReadonlyMap<SideName, string>): { text: string; pooled: number } {
  const { kept, bound } = keptRounds(results);
  const rounds = pooledRounds(results, { kept, bound });
  const of = (name: SideName) => rounds.map((round) => round.get(name)!);
  const lines = [...results.keys()].map((name) => `- ${labels.get(name)}: ${spread(of(name))} of the floor`);
  if (results.size === 2) lines.push(`- new / old: ${spread(rounds.map((round) => round.get('new')! / round.get('old')!))}`);
  const all = kept.flat();
  return {
    pooled: median(of('new')),
    text: [
      `**Verdict**: CPU per request pooled over ${kept.length} classes (each side's floor CPU per request over its server's, ` +
        `every class's runs of a round together): the median of ${rounds.length} rounds (the lowest–the highest). ` +
        (bound
          ? `Class rounds kept (every run server-bound): ${all.filter(Boolean).length} of ${all.length}.`
          : 'No run was server-bound: CLIENT-BOUND.') +
        '\n',
      ...lines,
    ].join('\n'),
  };
}

/** Class by class, for information: each side's CPU µs per request and ratio to its floor (medians of the kept rounds), and new over old. */
export function classTable(results: Results): { text: string; lowest: { id: string; ratio: number } } {
  const { kept } = keptRounds(results);
  const names = [...results.keys()];
  const header = ['class', 'response', ...names.flatMap((name) => [`${name} CPU µs/req`, `${name} ratio`])];
  header.push(...(names.length === 2 ? ['new / old ratio'] : []), 'rounds kept');
  let lowest = { id: '', ratio: Infinity };
  const rows = kept.map((rounds, index) => {
    // A class with no kept round is shown over all its rounds, and said to be client-bound.
    const used = rounds.some(Boolean) ? rounds : rounds.map(() => true);
    const of = (name: SideName, pick: (server: Sample, floor: Sample) => number) => {
      const runs = results.get(name)![index]!;
      return median(used.flatMap((use, round) => (use ? [pick(runs.server[round]!, runs.floor[round]!)] : [])));
    };
    const ratios = new Map(names.map((name) => [name, of(name, (server, floor) => floor.cpuMicros / server.cpuMicros)]));
    const { id, response } = results.get('new')![index]!;
    if (ratios.get('new')! < lowest.ratio) lowest = { id, ratio: ratios.get('new')! };
    const samples = names.flatMap((name) => [...results.get(name)![index]!.server, ...results.get(name)![index]!.floor]);
    const wrong = samples.reduce((sum, sample) => sum + sample.unexpected, 0);
    const count = rounds.filter(Boolean).length;
    return [
      id,
      response + (wrong > 0 ? ` (${wrong} unexpected answers)` : ''),
      ...names.flatMap((name) => [of(name, (server) => server.cpuMicros).toFixed(1), ratios.get(name)!.toFixed(2)]),
      ...(names.length === 2 ? [(ratios.get('new')! / ratios.get('old')!).toFixed(3)] : []),
      `${count}/${rounds.length}${count === 0 ? ' (client-bound)' : ''}`,
    ];
  });
  const table = [header, header.map((_, column) => (column < 2 ? '---' : '---:')), ...rows].map((row) => `| ${row.join(' | ')} |`);
  return { lowest, text: table.join('\n') };
}

/** The marks the request path is held to (docs/benchmark.md), each beside the figure it applies to. */
export function marks(figures: { pooled: number; lowest: { id: string; ratio: number }; searchMs?: number; rssRatio?: number }): string {
  const lines = [
    [`pooled ratio (new) ${figures.pooled.toFixed(3)}`, '≥ 0.85', figures.pooled >= 0.85],
    [`lowest class (new) ${figures.lowest.id} ${figures.lowest.ratio.toFixed(2)}`, '≥ 0.8', figures.lowest.ratio >= 0.8],
  ] as [string, string, boolean][];
  const { searchMs, rssRatio } = figures;
  if (searchMs !== undefined) lines.push([`distinct searches (new) ${searchMs.toFixed(2)} ms CPU each`, '≤ 2.5 at 100×', searchMs <= 2.5]);
  if (rssRatio !== undefined) lines.push([`full-mix RSS new / old ${rssRatio.toFixed(3)}`, 'within 10%', Math.abs(rssRatio - 1) <= 0.1]);
  return `Marks:\n\n${lines.map(([figure, mark, met]) => `- ${figure}, mark ${mark}: ${met ? 'met' : '**not met**'}`).join('\n')}`;
}
