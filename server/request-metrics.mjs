// @ts-check
/**
 * The per-request side of the HTTP metrics, in plain numbers: a request finds its series (method,
 * route, status) through two map lookups and adds to an array of bucket counts. Nothing here
 * allocates per request once a series exists, and nothing touches prom-client: the scrape reads
 * these numbers (server/metrics.mjs). prom-client's labels()/observe() hash the label values and
 * validate them on every call, which cost more than the rest of a cached API answer.
 */

/** OpenTelemetry's known methods; anything else is `_OTHER` (the last index). */
export const METHODS = ['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE', '_OTHER'];
const OTHER_METHOD = METHODS.length - 1;
/** Index of a method in METHODS. */
const METHOD_INDEX = new Map(METHODS.map((method, index) => [method, index]));
/** Bound on remembered paths (each maps to its route label); the memo is cleared when full. */
const ROUTE_MEMO_LIMIT = 1024;

/**
 * A header's value in a sent header block, by plain search for the two spellings written here:
 * this server's (`Content-Length`) and Astro's (`content-length`, from a Web Response). A regular
 * expression with the `i` flag over the whole block costs several times more per request.
 * @param {string} head
 * @param {string} name as this server spells it
 */
function headerValue(head, name) {
  let at = head.indexOf(`\r\n${name}: `);
  if (at === -1) at = head.indexOf(`\r\n${name.toLowerCase()}: `);
  if (at === -1) return undefined;
  const from = at + name.length + 4;
  return head.slice(from, head.indexOf('\r\n', from)).trim();
}

/**
 * One series of the duration histogram: bucket counts (not cumulative; the last is above every bound).
 * @typedef {{ method: string, route: string, status: number, buckets: number[], sum: number, count: number }} DurationSeries
 */

/**
 * @param {readonly number[]} bounds the histogram's upper bounds, in seconds, ascending
 * @param {(path: string) => string} routeLabel the http_route label of a path (bounded set of values)
 */
export function createRequestRecorder(bounds, routeLabel) {
  /** Requests in flight, by method index. */
  const inFlight = METHODS.map(() => 0);
  /** Response body bytes, by content coding (a handful of codings). */
  /** @type {Map<string, number>} */
  const bytesSent = new Map();
  /** Whether a method has been seen (its in-flight series exists from then on). */
  const seen = METHODS.map(() => false);
  /**
   * A route label's series, by status * 16 + method index.
   * @typedef {{ route: string, series: Map<number, DurationSeries> }} RouteSeries
   */
  /** @type {Map<string, RouteSeries>} by route label */
  const byRoute = new Map();
  /** @type {Map<string, RouteSeries>} by request path; bounded, cleared when full */
  const byPath = new Map();

  /** @param {string} path */
  const seriesOfPath = (path) => {
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
    started(/** @type {string | undefined} */ method) {
      const index = METHOD_INDEX.get(method ?? '') ?? OTHER_METHOD;
      inFlight[index] = (inFlight[index] ?? 0) + 1;
      seen[index] = true;
      return index;
    },
    /**
     * Records a request its connection is done with.
     * @param {number} methodIndex from `started`
     * @param {import('node:http').ServerResponse} res
     * @param {string} path the parsed path, without the query
     * @param {number} seconds how long it took
     */
    finished(methodIndex, res, path, seconds) {
      inFlight[methodIndex] = (inFlight[methodIndex] ?? 1) - 1;
      const { route, series: routeSeries } = seriesOfPath(path);
      const status = res.statusCode;
      const key = status * 16 + methodIndex;
      let series = routeSeries.get(key);
      if (series === undefined) {
        const method = /** @type {string} */ (METHODS[methodIndex]);
        series = { method, route, status, buckets: [...bounds, 0].map(() => 0), sum: 0, count: 0 };
        routeSeries.set(key, series);
      }
      let bucket = 0;
      while (bucket < bounds.length && seconds > /** @type {number} */ (bounds[bucket])) bucket += 1;
      series.buckets[bucket] = (series.buckets[bucket] ?? 0) + 1;
      series.sum += seconds;
      series.count += 1;

      // @ts-expect-error _header: the header block Node wrote (headers given to writeHead are not kept elsewhere).
      const head = /** @type {string | null} */ (res._header);
      if (!head) return;
      const length = headerValue(head, 'Content-Length');
      if (length === undefined || length === '0') return;
      const coding = headerValue(head, 'Content-Encoding')?.toLowerCase() ?? 'identity';
      bytesSent.set(coding, (bytesSent.get(coding) ?? 0) + Number(length));
    },
    /** Every duration series so far. */
    *durations() {
      for (const { series } of byRoute.values()) yield* series.values();
    },
    /**
     * Requests in flight by method, for every method seen so far.
     * @returns {Generator<[string, number]>}
     */
    *inFlight() {
      for (const [index, count] of inFlight.entries()) if (seen[index]) yield [/** @type {string} */ (METHODS[index]), count];
    },
    bytesSent,
  };
}
