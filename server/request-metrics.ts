/**
 * The per-request side of the HTTP metrics, in plain numbers: a request finds its series (method,
 * route, status) through two map lookups and adds to an array of bucket counts. Nothing here
 * allocates per request once a series exists, and nothing touches prom-client: the scrape reads
 * these numbers (server/metrics.ts). prom-client's labels()/observe() hash the label values and
 * validate them on every call, which cost more than the rest of a cached API answer.
 */
import type { ServerResponse } from 'node:http';

/** OpenTelemetry's known methods; anything else is `_OTHER` (the last index). */
const METHODS = ['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE', '_OTHER'];
const OTHER_METHOD = METHODS.length - 1;
/** Index of a method in METHODS. */
const METHOD_INDEX = new Map(METHODS.map((method, index) => [method, index]));
/** Bound on remembered paths (each maps to its route label); the memo is cleared when full. */
const ROUTE_MEMO_LIMIT = 1024;

/**
 * A header's value in a sent header block, by plain search for the two spellings written here:
 * this server's (`Content-Length`, `name`) and Astro's (`content-length`, from a Web Response). A
 * regular expression with the `i` flag over the whole block costs several times more per request.
 */
function headerValue(head: string, name: string) {
  let at = head.indexOf(`\r\n${name}: `);
  if (at === -1) at = head.indexOf(`\r\n${name.toLowerCase()}: `);
  if (at === -1) return undefined;
  const from = at + name.length + 4;
  return head.slice(from, head.indexOf('\r\n', from)).trim();
}

/** One series of the duration histogram: bucket counts (not cumulative; the last is above every bound). */
export interface DurationSeries {
  method: string;
  route: string;
  status: number;
  buckets: number[];
  sum: number;
  count: number;
}

/** A route label's series, by status * 16 + method index. */
interface RouteSeries {
  route: string;
  series: Map<number, DurationSeries>;
}

/**
 * `bounds`: the histogram's upper bounds, in seconds, ascending; `routeLabel`: the http_route label
 * of a path (a bounded set of values).
 */
export function createRequestRecorder(bounds: readonly number[], routeLabel: (path: string) => string) {
  /** Requests in flight, by method index. */
  const inFlight = METHODS.map(() => 0);
  /** Response body bytes, by content coding (a handful of codings). */
  const bytesSent = new Map<string, number>();
  /** Whether a method has been seen (its in-flight series exists from then on). */
  const seen = METHODS.map(() => false);
  const byRoute = new Map<string, RouteSeries>();
  /** By request path; bounded, cleared when full. */
  const byPath = new Map<string, RouteSeries>();

  const seriesOfPath = (path: string) => {
    let entry = byPath.get(path);
    if (entry === undefined) {
      const route = routeLabel(path);
      entry = byRoute.get(route);
      if (entry === undefined) byRoute.set(route, (entry = { route, series: new Map() }));
      if (byPath.size >= ROUTE_MEMO_LIMIT) byPath.clear();
      byPath.set(path, entry);
    }
    return entry;
  };

  return {
    /** The method index to hand back to `finished` (kept by the caller, so no closure is needed). */
    started(method: string | undefined): number {
      const index = METHOD_INDEX.get(method ?? '') ?? OTHER_METHOD;
      inFlight[index]! += 1;
      seen[index] = true;
      return index;
    },
    /** Records a request its connection is done with: `path` without the query, `seconds` how long it took. */
    finished(methodIndex: number, res: ServerResponse, path: string, seconds: number): void {
      inFlight[methodIndex]! -= 1;
      const { route, series: routeSeries } = seriesOfPath(path);
      const status = res.statusCode;
      const key = status * 16 + methodIndex;
      let series = routeSeries.get(key);
      if (series === undefined) {
        series = { method: METHODS[methodIndex]!, route, status, buckets: [...bounds, 0].map(() => 0), sum: 0, count: 0 };
        routeSeries.set(key, series);
      }
      let bucket = 0;
      while (bucket < bounds.length && seconds > bounds[bucket]!) bucket += 1;
      series.buckets[bucket]! += 1;
      series.sum += seconds;
      series.count += 1;

      // _header: the header block Node wrote (headers given to writeHead are not kept elsewhere).
      const head = (res as unknown as { _header: string | null })._header;
      if (!head) return;
      const length = headerValue(head, 'Content-Length');
      if (length === undefined || length === '0') return;
      const coding = headerValue(head, 'Content-Encoding')?.toLowerCase() ?? 'identity';
      bytesSent.set(coding, (bytesSent.get(coding) ?? 0) + Number(length));
    },
    /** Every duration series so far. */
    *durations(): Generator<DurationSeries> {
      for (const { series } of byRoute.values()) yield* series.values();
    },
    /** Requests in flight by method, for every method seen so far. */
    *inFlight(): Generator<[string, number]> {
      for (const [index, count] of inFlight.entries()) if (seen[index]) yield [METHODS[index]!, count];
    },
    bytesSent,
  };
}
