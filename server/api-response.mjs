// @ts-check
/**
 * Writes what `answerApi` returned: status, headers and the JSON envelope (none for HEAD, 204 and
 * 304), in the coding the client prefers, coded as content-coding.mjs decides. HEAD gets the
 * headers, Content-Length included, that GET would.
 */
import { chooseCoding, encodeEnvelope } from './content-coding.mjs';

/** Bodies up to this size are copied into one Buffer; larger ones go out as their parts, uncopied. */
const ONE_BUFFER_MAX_BYTES = 16 * 1024;

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {import('../src/api/respond.ts').ApiResponse} result
 * @param {Readonly<Record<string, string>>} serverHeaders the headers every response of this server carries
 */
export function sendApiResponse(req, res, result, serverHeaders) {
  const coding = chooseCoding(req.headers['accept-encoding']);
  /** @type {Record<string, string>} */
  const headers = { ...serverHeaders, ...result.headers, Vary: 'Accept-Encoding' };
  // HEAD announces the coding GET would use; 204 and 304 carry no body to code.
  if (coding !== 'identity' && result.envelope !== null) headers['Content-Encoding'] = coding;
  if (result.envelope === null) {
    res.writeHead(result.status, headers);
    res.end();
    return;
  }
  const parts = encodeEnvelope(result.envelope, coding);
  let length = 0;
  for (const part of parts) length += part.length;
  headers['Content-Length'] = String(length);
  res.writeHead(result.status, headers);
  if (result.headOnly) {
    res.end();
    return;
  }
  // A small body leaves as one Buffer: a write per part costs more than copying a few KB.
  if (parts.length === 1 || length <= ONE_BUFFER_MAX_BYTES) {
    res.end(parts.length === 1 ? parts[0] : Buffer.concat(parts, length));
    return;
  }
  // Corked, the parts leave in one write (end() uncorks).
  res.cork();
  for (const part of parts) res.write(part);
  res.end();
}
