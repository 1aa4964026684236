// @ts-check
/**
 * Writes what `answerApi` returned: status, headers and the JSON envelope (none for HEAD, 204 and
 * 304), in the coding the client prefers, coded as content-coding.mjs decides. HEAD gets the
 * headers, Content-Length included, that GET would.
 */
import { bodyText, chooseCoding, encodeEnvelope, TEXT_BODY_MAX_BYTES } from './content-coding.mjs';

/** Each set of server headers as a flat [name, value, …] list, made once: the sets are constants. */
/** @type {WeakMap<Readonly<Record<string, string>>, string[]>} */
const headerLists = new WeakMap();

/**
 * A constant set of headers as writeHead's flat [name, value, …] list, made once per set.
 * @param {Readonly<Record<string, string>>} headers
 * @returns {readonly string[]}
 */
export function flatHeaders(headers) {
  let list = headerLists.get(headers);
  if (!list) headerLists.set(headers, (list = Object.entries(headers).flat()));
  return list;
}

/**
 * The header list of an answer, but for the per-response fields and Content-Length: the server's
 * headers, the answer's own (which win: X-Content-Type-Options is in both), Vary and the coding.
 * writeHead takes a flat [name, value, …] list; pushed, it costs a third of merging objects by spread.
 * @param {import('../src/api/respond.ts').ApiResponse} result
 * @param {Readonly<Record<string, string>>} serverHeaders the headers every response of this server carries (a constant set)
 * @param {import('./content-coding.mjs').Coding} coding
 * @returns {string[]}
 */
export function headerListOf(result, serverHeaders, coding) {
  const own = result.headers;
  /** @type {string[]} */
  const headers = [];
  const server = flatHeaders(serverHeaders);
  for (let at = 0; at < server.length; at += 2) {
    const name = /** @type {string} */ (server[at]);
    if (!(name in own)) headers.push(name, /** @type {string} */ (server[at + 1]));
  }
  for (const name in own) headers.push(name, /** @type {string} */ (own[name]));
  headers.push('Vary', 'Accept-Encoding');
  // HEAD announces the coding GET would use; 204 and 304 carry no body to code.
  if (coding !== 'identity' && result.envelope !== null) headers.push('Content-Encoding', coding);
  return headers;
}

/**
 * Writes status, headers (Content-Length added) and the envelope in `coding`; only the headers for
 * HEAD, and nothing more for a null envelope (204, 304).
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string[]} headers
 * @param {import('../src/api/respond.ts').EnvelopeParts | null} envelope
 * @param {boolean} headOnly
 * @param {import('./content-coding.mjs').Coding} coding
 * @param {import('./content-coding.mjs').GrowsWith} [cache] the cache holding the payload, told when it gains a compressed form
 */
export function writeAnswer(res, status, headers, envelope, headOnly, coding, cache) {
  if (envelope === null) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const body = encodeEnvelope(envelope, coding, cache);
  headers.push('Content-Length', String(body.length));
  res.writeHead(status, headers);
  if (headOnly) {
    res.end();
    return;
  }
  // A small body leaves with its headers as one string, written at once (TEXT_BODY_MAX_BYTES).
  if (body.length <= TEXT_BODY_MAX_BYTES) {
    res.end(bodyText(envelope, coding, body, cache), 'latin1');
    return;
  }
  const { cached, tail, text, latin1 } = body;
  // Corked, the parts leave in one write (end() uncorks); the cached ones are never copied.
  res.cork();
  for (const part of cached) res.write(part);
  for (const part of tail) res.write(part);
  res.end(text, latin1 ? 'latin1' : 'utf8');
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {import('../src/api/respond.ts').ApiResponse} result
 * @param {Readonly<Record<string, string>>} serverHeaders the headers every response of this server carries (a constant set)
 * @param {Readonly<Record<string, string>>} [fields] this response's own extra fields (RateLimit)
 * @param {import('./content-coding.mjs').Coding} [coding] when already chosen
 * @param {import('./content-coding.mjs').GrowsWith} [cache] the cache holding the payload
 */
export function sendApiResponse(req, res, result, serverHeaders, fields, coding = chooseCoding(req.headers['accept-encoding']), cache) {
  const headers = headerListOf(result, serverHeaders, coding);
  for (const name in fields) headers.push(name, /** @type {string} */ (fields[name]));
  writeAnswer(res, result.status, headers, result.envelope, result.headOnly, coding, cache);
}
