/** Medians over the runs that measured the server, and the Markdown table the README quotes. */
import { serverBound, type Sample } from './measure.ts';

export interface ClassResult {
  id: string;
  example: string;
  /** Status, encoding and size of the recorded answer. */
  response: string;
  /** Run by run, in the same order on both sides. */
  server: Sample[];
  floor: Sample[];
}

/** The median of numbers (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The runs a class's medians use: pairs where both sides used at least BOUND of a core. When none
 * did, every run, and the row says so (its figures measured the client or the machine).
 */
export function keptRuns(result: ClassResult): { pairs: [Sample, Sample][]; clientBound: boolean } {
  const pairs = result.server.map((sample, index): [Sample, Sample] => [sample, result.floor[index]!]);
  const kept = pairs.filter(([server, floor]) => serverBound(server) && serverBound(floor));
  return kept.length > 0 ? { pairs: kept, clientBound: false } : { pairs, clientBound: true };
}

const rate = (value: number) => Math.round(value).toLocaleString('en-US');
const micros = (value: number) => value.toFixed(value < 100 ? 1 : 0);
const cores = (value: number) => value.toFixed(2);
/** Two decimals, or two significant digits below 0.1 so a tiny ratio does not print as 0.00. */
const ratio = (value: number) => (value >= 0.1 ? value.toFixed(2) : value.toPrecision(2));

/** The medians of one class over its kept runs. */
export function classMedians(result: ClassResult) {
  const { pairs, clientBound } = keptRuns(result);
  const of = (pick: (pair: [Sample, Sample]) => number) => median(pairs.map(pick));
  return {
    clientBound,
    kept: clientBound ? 0 : pairs.length,
    total: result.server.length,
    serverRps: of(([server]) => server.rps),
    serverCpu: of(([server]) => server.cpuMicros),
    serverP99: of(([server]) => server.p99),
    floorRps: of(([, floor]) => floor.rps),
    floorCpu: of(([, floor]) => floor.cpuMicros),
    // Each run's server/floor pair, so the machine's drift cancels; by CPU, floor over server (higher is better, like req/s).
    ratioRps: of(([server, floor]) => server.rps / floor.rps),
    ratioCpu: of(([server, floor]) => floor.cpuMicros / server.cpuMicros),
    serverCores: of(([server]) => server.sideCores),
    floorCores: of(([, floor]) => floor.sideCores),
    wrkCores: of(([server, floor]) => Math.max(server.wrkCores, floor.wrkCores)),
  };
}

/**
 * One row per class. CPU is the side's whole process tree per answered request; a ratio is the
 * median of the per-round ratios over the rounds where both sides were server-bound.
 */
export function markdownTable(results: readonly ClassResult[]): string {
  const header = [
    'class',
    'request',
    'response',
    'req/s',
    'CPU µs/req',
    'p99 ms',
    'floor req/s',
    'floor CPU µs/req',
    'ratio req/s',
    'ratio CPU',
    'cores server / floor / wrk',
    'runs kept',
  ];
  const rows = results.map((result) => {
    const m = classMedians(result);
    return [
      result.id,
      `\`${result.example}\``,
      result.response,
      rate(m.serverRps),
      micros(m.serverCpu),
      m.serverP99.toFixed(2),
      rate(m.floorRps),
      micros(m.floorCpu),
      ratio(m.ratioRps),
      ratio(m.ratioCpu),
      `${cores(m.serverCores)} / ${cores(m.floorCores)} / ${cores(m.wrkCores)}`,
      m.clientBound ? `0/${m.total} (client-bound)` : `${m.kept}/${m.total}`,
    ];
  });
  const right = new Set([3, 4, 5, 6, 7, 8, 9, 10, 11]);
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map((_, index) => (right.has(index) ? '---:' : '---')).join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

/** Status, content encoding and body size of a recorded answer, such as `200 br 12.3 kB`. */
export function describeResponse(status: number, encoding: string | undefined, bytes: number): string {
  const size =
    bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${bytes} B`;
  return [status, encoding ?? 'identity', size].join(' ');
}

/** How one class's median throughput compares with another's (MCP against the same API request), when both ran. */
export function throughputRatio(results: readonly ClassResult[], id: string, against: string): number | undefined {
  const [one, other] = [id, against].map((wanted) => results.find((result) => result.id === wanted));
  if (!one || !other) return undefined;
  return classMedians(one).serverRps / classMedians(other).serverRps;
}

/** Two decimals with a sign; a value that rounds to zero prints as +0.00, not -0.00. */
const signedRatio = (value: number) => {
  const rounded = Number(value.toFixed(2)) || 0;
  return `${rounded >= 0 ? '+' : ''}${rounded.toFixed(2)}`;
};

/** CPU per request over a class's kept runs, summed: all the CPU over all the requests, per role. */
function totalCpu(result: ClassResult): { server: number; floor: number } {
  const { pairs } = keptRuns(result);
  return { server: cpuPerRequest(pairs.map(([server]) => server)), floor: cpuPerRequest(pairs.map(([, floor]) => floor)) };
}

/** All the CPU of some runs over all their requests, µs: a long run weighs what it measured. */
export const cpuPerRequest = (samples: readonly Sample[]): number =>
  samples.reduce((sum, sample) => sum + sample.cpuMicros * sample.requests, 0) / samples.reduce((sum, sample) => sum + sample.requests, 0);

/** How far below the old side a class may fall, by ratio CPU, before the comparison calls it lower. */
export const COMPARISON_MARK = 0.05;

/** The confidence the per-class interval is built for. */
const INTERVAL_CONFIDENCE = 0.9;

/**
 * Round by round, new ratio CPU minus old, over the rounds where all four runs (each side's server
 * and floor) were server-bound. The rounds run each class on both sides seconds apart, so each
 * difference is one paired observation.
 */
export function roundDifferences(newer: ClassResult, older: ClassResult): number[] {
  const differences: number[] = [];
  for (const [index, newServer] of newer.server.entries()) {
    const [newFloor, oldServer, oldFloor] = [newer.floor[index], older.server[index], older.floor[index]];
    if (!newFloor || !oldServer || !oldFloor || ![newServer, newFloor, oldServer, oldFloor].every(serverBound)) continue;
    differences.push(newFloor.cpuMicros / newServer.cpuMicros - oldFloor.cpuMicros / oldServer.cpuMicros);
  }
  return differences;
}

/**
 * A distribution-free interval for the median of `values` (the sign test's): the k-th smallest and
 * k-th largest value, k as large as keeps the chance that the median lies outside at most
 * 1 − `confidence`. Undefined when too few values allow it (fewer than 5 at 90%).
 */
export function medianInterval(
  values: readonly number[],
  confidence = INTERVAL_CONFIDENCE,
): { low: number; high: number; coverage: number } | undefined {
  const n = values.length;
  // P(X ≤ j) for X ~ Binomial(n, 1/2): the chance that at most j values fall below the median.
  const below = (j: number) => {
    let sum = 0;
    let term = 0.5 ** n;
    for (let i = 0; i <= j; i += 1) {
      sum += term;
      term = (term * (n - i)) / (i + 1);
    }
    return sum;
  };
  let k = 0;
  while (k + 1 <= n / 2 && 2 * below(k) <= 1 - confidence) k += 1;
  if (k === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return { low: sorted[k - 1]!, high: sorted[n - k]!, coverage: 1 - 2 * below(k - 1) };
}

/** A median of round differences with its interval, such as `-0.01 (-0.12 to +0.06)`. */
function intervalText(differences: readonly number[], interval = medianInterval(differences)): string {
  if (differences.length === 0) return 'no round';
  return `${signedRatio(median(differences))}${interval ? ` (${signedRatio(interval.low)} to ${signedRatio(interval.high)})` : ''}`;
}

/**
 * Whether a class is lower than the mark by what the rounds can tell: `lower` when the whole
 * interval lies more than COMPARISON_MARK below 0, `within` when none of it does, `unresolved` when
 * the interval spans the mark (the rounds' spread is wider than the difference asked about).
 */
export function comparisonVerdict(interval: { low: number; high: number } | undefined): 'lower' | 'within' | 'unresolved' {
  if (interval === undefined) return 'unresolved';
  if (interval.high < -COMPARISON_MARK) return 'lower';
  return interval.low >= -COMPARISON_MARK ? 'within' : 'unresolved';
}

/**
 * --against: per class, each side's ratio CPU (its floor's CPU per request over its server's), as the
 * median of the rounds and from the totals (all kept runs' CPU over their requests), and the new
 * server's CPU per request over the old one's. A negative difference means the new side costs more.
 * Then the rounds' own spread: the interval of the per-round differences' median, and the verdict
 * it allows against COMPARISON_MARK.
 */
export function comparisonTable(newer: readonly ClassResult[], older: readonly ClassResult[]): string {
  const header = [
    'class',
    'old ratio CPU',
    'new ratio CPU',
    'new − old',
    'old ratio CPU (totals)',
    'new ratio CPU (totals)',
    'new − old (totals)',
    'new / old server CPU (totals)',
    'runs kept old / new',
    `new − old by round: median, ${INTERVAL_CONFIDENCE * 100}% interval`,
    `verdict at −${COMPARISON_MARK}`,
  ];
  // Every class's rounds together: how far the two sides are apart over all the work, not one request.
  const pooled: number[] = [];
  const verdicts: ReturnType<typeof comparisonVerdict>[] = [];
  const rows = newer.flatMap((result) => {
    const before = older.find((candidate) => candidate.id === result.id);
    if (!before) return [];
    const [m, b] = [classMedians(result), classMedians(before)];
    const [t, u] = [totalCpu(result), totalCpu(before)];
    const [totalNew, totalOld] = [t.floor / t.server, u.floor / u.server];
    const differences = roundDifferences(result, before);
    pooled.push(...differences);
    const interval = medianInterval(differences);
    const verdict = comparisonVerdict(interval);
    verdicts.push(verdict);
    return [
      [
        result.id,
        ratio(b.ratioCpu),
        ratio(m.ratioCpu),
        signedRatio(m.ratioCpu - b.ratioCpu),
        ratio(totalOld),
        ratio(totalNew),
        signedRatio(totalNew - totalOld),
        (t.server / u.server).toFixed(3),
        `${b.kept}/${b.total} / ${m.kept}/${m.total}`,
        intervalText(differences, interval),
        verdict,
      ],
    ];
  });
  const count = (verdict: string) => verdicts.filter((candidate) => candidate === verdict).length;
  return [
    `| ${header.join(' | ')} |`,
    `|---|${header
      .slice(1)
      .map(() => '---:')
      .join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
    `Of ${rows.length} classes, by the rounds' intervals: ${count('within')} within ${COMPARISON_MARK} of the old side or above it, ` +
      `${count('lower')} lower by more, ${count('unresolved')} unresolved (the interval spans the mark). ` +
      `Every class's rounds together: ${intervalText(pooled)}.`,
  ].join('\n');
}
