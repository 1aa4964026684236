/** One autocannon run: throughput, latency percentiles (sub-millisecond) and what came back. */
import autocannon from 'autocannon';
import type { BenchRequest } from './recording.ts';

export interface Sample {
  /** Answered requests per second over the run. */
  rps: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  /** Answers with another status than expected, errors and timeouts. */
  unexpected: number;
}

export interface Load {
  connections: number;
  /** Seconds. */
  duration: number;
}

/** The value at percentile `p` (0-100) of sorted values, nearest rank. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Loads `baseUrl` with the requests in turn on every connection. */
export function measure(baseUrl: string, requests: readonly BenchRequest[], status: number, load: Load): Promise<Sample> {
  // autocannon's own histogram keeps whole milliseconds; its response event has the exact time.
  const latencies: number[] = [];
  let wrongStatus = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: load.connections,
        duration: load.duration,
        timeout: 10,
        requests: requests.map(({ path, headers, method = 'GET', body }) => ({
          method,
          path,
          headers,
          ...(body === undefined ? {} : { body }),
        })),
      },
      (error, result) => {
        if (error) return reject(error);
        const sorted = Float64Array.from(latencies).sort();
        resolve({
          rps: result.requests.total / result.duration,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          unexpected: wrongStatus + result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, milliseconds: number) => {
      latencies.push(milliseconds);
      if (statusCode !== status) wrongStatus += 1;
    });
  });
}
