// @ts-check
/**
 * Repeats of an API answer, without the handler. Clients ask for the same targets again and again,
 * and the handler's answer to a GET of a cached payload is the same bytes each time but for its
 * request id and time. Which answers may be replayed is respond()'s to say (`ApiResponse.replay`,
 * src/api/replay-key.ts): the first answer's status, header list and envelope are kept under its
 * replay key and coding, and looked up under the key of the same function; a repeat
 * gets them with a fresh request id and time: no route match, cache keys, header objects or
 * envelope to build again. Measured side by side (CPU a request, medians of 6-8 rounds): a detail
 * 101 → 94 µs, a search 101.5 → 92 µs.
 *
 * The answers are kept in the worker's cache (kind `answer`, src/api/cache-kinds.ts), each counted
 * with the payload it holds (and sized again when that payload grows): a payload the budget has let
 * go of stays counted while an answer keeps it.
 */
import { sendApiResponse, headerListOf, writeAnswer } from './api-response.mjs';
import { chooseCoding } from './content-coding.mjs';

/** Bytes of an answer's bookkeeping: the object, its list and the envelope (what a string's bytes do not count). */
const ANSWER_OVERHEAD_BYTES = 128;

class RememberedAnswer {
  /**
   * @param {number} status
   * @param {string[]} headers the header list but for the per-response fields and Content-Length
   * @param {number} idAt the index in `headers` of the request id's value
   * @param {import('../src/api/respond.ts').EnvelopeParts | null} envelope null for a 304
   * @param {string} tailRest the envelope tail after the request metadata
   * @param {(text: string) => number} stringBytes the byte budget's measure of a string
   */
  constructor(status, headers, idAt, envelope, tailRest, stringBytes) {
    this.status = status;
    this.headers = headers;
    this.idAt = idAt;
    this.envelope = envelope;
    this.tailRest = tailRest;
    // Its own strings never change; the payload's compressed forms may, so that part is read each time.
    this.ownBytes = ANSWER_OVERHEAD_BYTES + stringBytes(tailRest) + headers.reduce((bytes, text) => bytes + stringBytes(text), 0);
  }

  /** The payload, whose compressed forms may come after: the cache sizes this answer again then. */
  get growsWith() {
    return this.envelope?.payload;
  }

  heldBytes() {
    return this.ownBytes + (this.envelope?.payload.heldBytes() ?? 0);
  }
}

/**
 * @param {import('./load-build.mjs').Build['api']} api
 * @param {import('../src/catalog/catalog.ts').Catalog} catalog
 * @param {import('../src/api/cache-kinds.ts').WorkerCache} cache the worker's
 */
export function createApiAnswerer(api, catalog, cache) {
  const kind = cache.kinds.answer;
  // A draining worker closes each connection after its response, so the client reconnects to another.
  const drainingHeaders = { ...api.SECURITY_HEADERS, Connection: 'close' };

  /**
   * Answers an API request (its answer remembered when it may be repeated, or repeated when it was);
   * returns its request id, for the request line.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {import('../src/api/request-target.ts').RequestTarget} target
   * @param {boolean} draining whether this worker is draining: its answers then close their connection
   * @param {Readonly<Record<string, string>>} fields this response's own extra fields (RateLimit)
   * @returns {string | null}
   */
  return function answerApiRequest(req, res, target, draining, fields) {
    const coding = chooseCoding(req.headers['accept-encoding']);
    // A draining worker's answers carry Connection: close: never kept nor reused.
    const replayKey = draining
      ? undefined
      : api.replayKeyOf(
          req.method ?? 'GET',
          target,
          req.headers['x-request-id'],
          req.headers['if-none-match'],
          req.headers['if-modified-since'],
        );
    const remembered = replayKey === undefined ? undefined : cache.get(kind, cache.keyOf(kind, catalog, kind.key(coding, replayKey)));
    if (remembered instanceof RememberedAnswer) {
      const requestId = api.requestIdFor(undefined);
      const headers = remembered.headers.slice();
      headers[remembered.idAt] = requestId;
      for (const name in fields) headers.push(name, /** @type {string} */ (fields[name]));
      const { envelope } = remembered;
      const fresh = envelope && { head: envelope.head, payload: envelope.payload, tail: api.requestMeta(requestId) + remembered.tailRest };
      writeAnswer(res, remembered.status, headers, fresh, false, coding, cache);
      return requestId;
    }
    const result = api.answerApi(req.method ?? 'GET', target, req.headers, catalog, cache);
    const serverHeaders = draining ? drainingHeaders : api.SECURITY_HEADERS;
    sendApiResponse(req, res, result, serverHeaders, fields, coding, cache);
    if (!draining && result.replay !== null) {
      const headers = headerListOf(result, serverHeaders, coding);
      const idAt = headers.indexOf('X-Request-Id') + 1;
      // Every API answer names its request id; one that did not could not be repeated under a fresh one.
      if (idAt > 0)
        cache.set(
          kind,
          cache.keyOf(kind, catalog, kind.key(coding, result.replay.key)),
          new RememberedAnswer(result.status, headers, idAt, result.envelope, result.replay.tailRest, api.stringBytes),
        );
    }
    return result.headers['X-Request-Id'] ?? null;
  };
}
