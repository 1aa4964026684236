/** Medians over runs and the Markdown table the README quotes. */
import type { Sample } from './measure.ts';

export interface ClassResult {
  id: string;
  example: string;
  /** Status, encoding and size of the recorded answer. */
  response: string;
  server: Sample[];
  floor: Sample[];
  /** CPU of each side's whole process tree per answered request, in microseconds, per run. */
  cpuMicros: { server: number[]; floor: number[] };
}

/** The median of numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const rate = (value: number) => Math.round(value).toLocaleString('en-US');
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);
/** Two decimals, or two significant digits below 0.1 so a tiny ratio does not print as 0.00. */
const ratio = (value: number) => (value >= 0.1 ? value.toFixed(2) : value.toPrecision(2));

/**
 * One row per class; the ratio is the median of each run's server/floor pair, so drift cancels. CPU
 * is per answered request: the two processes share the cores with the load generator, so the
 * server's extra CPU per request is what costs it throughput.
 */
export function markdownTable(results: readonly ClassResult[]): string {
  const header = [
    'class',
    'request',
    'response',
    'req/s',
    'p50 ms',
    'p99 ms',
    'CPU µs',
    'floor req/s',
    'floor p99 ms',
    'floor CPU µs',
    'ratio',
  ];
  const rows = results.map((result) => [
    result.id,
    `\`${result.example}\``,
    result.response,
    rate(median(result.server.map((sample) => sample.rps))),
    ms(median(result.server.map((sample) => sample.p50))),
    ms(median(result.server.map((sample) => sample.p99))),
    median(result.cpuMicros.server).toFixed(0),
    rate(median(result.floor.map((sample) => sample.rps))),
    ms(median(result.floor.map((sample) => sample.p99))),
    median(result.cpuMicros.floor).toFixed(0),
    ratio(median(result.server.map((sample, index) => sample.rps / result.floor[index]!.rps))),
  ]);
  const right = new Set([3, 4, 5, 6, 7, 8, 9, 10]);
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
  return median(one.server.map((sample) => sample.rps)) / median(other.server.map((sample) => sample.rps));
}
