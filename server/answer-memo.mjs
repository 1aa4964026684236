// @ts-check
/**
 * Repeats of an API answer, without the handler. Clients ask for the same targets again and again,
 * and the handler's answer to a GET of a cached payload is the same bytes each time but for its
 * request id and time (`ApiResponse.repeatable`). The first answer's status, header list and
 * envelope are kept, by coding, If-None-Match and the target as the client spelled it; a repeat
 * gets them with a fresh request id and time: no route match, cache keys, header objects or
 * envelope to build again. Measured side by side (CPU a request, medians of 6-8 rounds): a detail
 * 101 → 94 µs, a search 101.5 → 92 µs.
 *
 * The answers are kept in the worker's byte budget (kind `answer`), each counted with the payload
 * it holds: a payload the budget has let go of stays counted while an answer keeps it.
 */
import { sendApiResponse, headerListOf, writeAnswer } from './api-response.mjs';
import { chooseCoding } from './content-coding.mjs';

/**
 * A target and If-None-Match longer than this together are answered by the handler every time: no
 * budget spent on hostile spellings (a header section may hold 16 KB).
 */
const MAX_KEY_LENGTH = 512;
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

  heldBytes() {
    return this.ownBytes + (this.envelope?.payload.heldBytes() ?? 0);
  }
}

/**
 * Where a request's answer is kept, or undefined when it may not be reused: only a GET without a
 * request id of its own can be answered again, and only a short target and If-None-Match are keys.
 * @param {Pick<import('node:http').IncomingMessage, 'method' | 'url' | 'headers'>} req
 * @param {import('./content-coding.mjs').Coding} coding
 * @returns {string | undefined}
 */
export function answerKey(req, coding) {
  if (req.method !== 'GET' || req.headers['x-request-id'] !== undefined) return undefined;
  // Its answer depends on a date the key does not hold: a 304 must never be replayed to a plain GET.
  if (req.headers['if-modified-since'] !== undefined) return undefined;
  const target = req.url ?? '';
  const ifNoneMatch = req.headers['if-none-match'] ?? '';
  if (target.length + ifNoneMatch.length > MAX_KEY_LENGTH) return undefined;
  return `${coding}\u0000${ifNoneMatch}\u0000${target}`;
}

/**
 * @param {import('./load-build.mjs').Build['api']} api
 * @param {import('../src/catalog/catalog.ts').Catalog} catalog
 */
export function createApiAnswerer(api, catalog) {
  const cache = api.workerCache;

  /**
   * Answers an API request (its answer remembered when it may be repeated, or repeated when it was);
   * returns its request id, for the request line.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {import('../src/api/request-target.ts').RequestTarget} target
   * @param {Readonly<Record<string, string>>} serverHeaders the headers every response of this server carries (a constant set)
   * @param {Readonly<Record<string, string>>} fields this response's own extra fields (RateLimit)
   * @returns {string | null}
   */
  return function answerApiRequest(req, res, target, serverHeaders, fields) {
    const coding = chooseCoding(req.headers['accept-encoding']);
    // A draining worker's answers carry Connection: close (other server headers): never kept nor reused.
    const key = serverHeaders === api.SECURITY_HEADERS ? answerKey(req, coding) : undefined;
    const remembered = key === undefined ? undefined : cache.get('answer', key);
    if (remembered instanceof RememberedAnswer) {
      const requestId = api.requestIdFor(undefined);
      const headers = remembered.headers.slice();
      headers[remembered.idAt] = requestId;
      for (const name in fields) headers.push(name, /** @type {string} */ (fields[name]));
      const { envelope } = remembered;
      const fresh = envelope && { head: envelope.head, payload: envelope.payload, tail: api.requestMeta(requestId) + remembered.tailRest };
      writeAnswer(res, remembered.status, headers, fresh, false, coding);
      return requestId;
    }
    const result = api.answerApi(req.method ?? 'GET', target, req.headers, catalog);
    sendApiResponse(req, res, result, serverHeaders, fields, coding);
    if (key !== undefined && result.repeatable !== null) {
      const headers = headerListOf(result, serverHeaders, coding);
      const idAt = headers.indexOf('X-Request-Id') + 1;
      // Every API answer names its request id; one that did not could not be repeated under a fresh one.
      if (idAt > 0)
        cache.set(
          'answer',
          key,
          new RememberedAnswer(result.status, headers, idAt, result.envelope, result.repeatable.tailRest, api.stringBytes),
        );
    }
    return result.headers['X-Request-Id'] ?? null;
  };
}
