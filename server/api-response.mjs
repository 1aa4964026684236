// @ts-check
/**
 * Writes what `answerApi` returned: status, headers and the JSON envelope (none for HEAD, 204 and
 * 304), in the coding the client prefers, coded as content-coding.mjs decides. HEAD gets the
 * headers, Content-Length included, that GET would.
 */
import { JOINED_MAX_BYTES, joinParts } from './body-slab.mjs';
import { chooseCoding, encodeEnvelope } from './content-coding.mjs';

/** Each set of server headers as a flat [name, value, …] list, made once: the sets are constants. */
/** @type {WeakMap<Readonly<Record<string, string>>, string[]>} */
const headerLists = new WeakMap();

/** @param {Readonly<Record<string, string>>} headers */
function listOf(headers) {
  let list = headerLists.get(headers);
  if (!list) headerLists.set(headers, (list = Object.entries(headers).flat()));
  return list;
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {import('../src/api/respond.ts').ApiResponse} result
 * @param {Readonly<Record<string, string>>} serverHeaders the headers every response of this server carries (a constant set)
 * @param {Readonly<Record<string, string>>} [fields] this response's own extra fields (RateLimit)
 */
export function sendApiResponse(req, res, result, serverHeaders, fields) {
  const coding = chooseCoding(req.headers['accept-encoding']);
  const own = result.headers;
  // writeHead takes a flat [name, value, …] list; pushed, it costs a third of merging objects by
  // spread. The answer's own headers win over the server's (X-Content-Type-Options is in both).
  /** @type {string[]} */
  const headers = [];
  const server = listOf(serverHeaders);
  for (let at = 0; at < server.length; at += 2) {
    const name = /** @type {string} */ (server[at]);
    if (!(name in own)) headers.push(name, /** @type {string} */ (server[at + 1]));
  }
  for (const name in fields) headers.push(name, /** @type {string} */ (fields[name]));
  for (const name in own) headers.push(name, /** @type {string} */ (own[name]));
  headers.push('Vary', 'Accept-Encoding');
  // HEAD announces the coding GET would use; 204 and 304 carry no body to code.
  if (coding !== 'identity' && result.envelope !== null) headers.push('Content-Encoding', coding);
  if (result.envelope === null) {
    res.writeHead(result.status, headers);
    res.end();
    return;
  }
  const parts = encodeEnvelope(result.envelope, coding);
  let length = 0;
  for (const part of parts) length += part.length;
  headers.push('Content-Length', String(length));
  res.writeHead(result.status, headers);
  if (result.headOnly) {
    res.end();
    return;
  }
  // A small body leaves as one Buffer: a write per part costs more than copying a few KB.
  if (parts.length === 1 || length <= JOINED_MAX_BYTES) {
    res.end(parts.length === 1 ? parts[0] : joinParts(parts, length));
    return;
  }
  // Corked, the parts leave in one write (end() uncorks).
  res.cork();
  for (const part of parts) res.write(part);
  res.end();
}
