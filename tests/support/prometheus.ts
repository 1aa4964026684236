/**
 * Scrapes the primary's metrics listener and parses the exposition with a real Prometheus parser
 * (parse-prometheus-text-format), twice: as written, for the families and their types (it throws
 * on an invalid line), and without the HELP and TYPE lines, for every sample line with its labels
 * (the parser folds a labelled histogram's series into one).
 */
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { logLines } from './processes.ts';

interface ParsedFamily {
  name: string;
  type: string;
  metrics: { labels?: Record<string, string>; value?: string }[];
}

export interface Scrape {
  /** Type of each metric family, such as HISTOGRAM. */
  types: Map<string, string>;
  /** Every sample line: `http_server_request_duration_seconds_count`, its labels and its value. */
  samples: { name: string; labels: Record<string, string>; value: number }[];
}

/** The metrics URL the primary logged ("metrics listening"). */
export function metricsUrl(output: string): string | undefined {
  return logLines(output).find((line) => line['message'] === 'metrics listening')?.['url'] as string | undefined;
}

/** One scrape, parsed. */
export async function scrape(url: string): Promise<Scrape> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`scrape: ${response.status}`);
  const text = await response.text();
  const typed = parsePrometheusTextFormat(text) as ParsedFamily[];
  const bare = parsePrometheusTextFormat(text.replace(/^# (HELP|TYPE) .*\n/gm, '')) as ParsedFamily[];
  return {
    types: new Map(typed.map((family) => [family.name, family.type])),
    samples: bare.flatMap((family) =>
      family.metrics.map((sample) => ({ name: family.name, labels: sample.labels ?? {}, value: Number(sample.value) })),
    ),
  };
}

/** The samples of one name whose labels include `labels`. */
export function samplesOf(result: Scrape, name: string, labels: Record<string, string> = {}): Scrape['samples'] {
  return result.samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}

/** Every series as `name{label="value",…}`, sorted: what cardinality means. */
export function seriesOf(result: Scrape): string[] {
  return result.samples
    .map(
      (sample) =>
        `${sample.name}{${Object.entries(sample.labels)
          .sort()
          .map(([name, value]) => `${name}="${value}"`)
          .join(',')}}`,
    )
    .sort();
}
