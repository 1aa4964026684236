// @ts-check
/**
 * Writes what `answerApi` returned: status, headers and the JSON envelope (none for HEAD, 204 and
 * 304), in the coding the client prefers. gzip is spliced around the payload compressed once per
 * payload (gzip-splice.mjs); small bodies (errors) and Brotli are compressed whole, per request.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { API_CODINGS, chooseCoding } from './content-coding.mjs';
import { deflatePayload, gzipEnvelope } from './gzip-splice.mjs';

/** Below this many payload bytes, compressing the whole body is cheaper than keeping a spliced copy. */
const SPLICE_MIN_BYTES = 1024;
/** Brotli per request: fast, still well below gzip's size on JSON. */
const BROTLI_PER_REQUEST = { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };

/** The deflated form of each cached payload, made on its first gzip request. */
const deflated = new WeakMap();

/** @param {import('../src/api/payload-cache.ts').PreparedPayload} payload */
function deflatedOf(payload) {
  let value = deflated.get(payload);
  if (!value) deflated.set(payload, (value = deflatePayload(payload.bytes)));
  return value;
}

/**
 * The body as parts to write in order: the envelope's own three parts when uncoded (the cached
 * payload is never copied), the spliced gzip parts, or one per-request compressed buffer.
 * @param {import('../src/api/respond.ts').EnvelopeParts} envelope
 * @param {import('./content-coding.mjs').Coding} coding
 * @returns {Buffer[]}
 */
function encodedBody(envelope, coding) {
  const { head, payload, tail } = envelope;
  const parts = [Buffer.from(head), payload.bytes, Buffer.from(tail)];
  if (coding === 'identity') return parts;
  if (coding === 'gzip' && payload.bytes.length >= SPLICE_MIN_BYTES) return gzipEnvelope(head, deflatedOf(payload), tail);
  const whole = Buffer.concat(parts);
  return [coding === 'gzip' ? gzipSync(whole) : brotliCompressSync(whole, BROTLI_PER_REQUEST)];
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {import('../src/api/respond.ts').ApiResponse} result
 * @param {Readonly<Record<string, string>>} serverHeaders the headers every response of this server carries
 */
export function sendApiResponse(req, res, result, serverHeaders) {
  const coding = chooseCoding(req.headers['accept-encoding'], API_CODINGS);
  /** @type {Record<string, string>} */
  const headers = { ...serverHeaders, ...result.headers, Vary: 'Accept-Encoding' };
  // HEAD announces the coding GET would use; 204 and 304 carry no body to code.
  const announces =
    coding !== 'identity' && (result.envelope !== null || req.method === 'HEAD') && result.status !== 304 && result.status !== 204;
  if (announces) headers['Content-Encoding'] = coding;
  if (result.envelope === null) {
    res.writeHead(result.status, headers);
    res.end();
    return;
  }
  const parts = encodedBody(result.envelope, coding);
  let length = 0;
  for (const part of parts) length += part.length;
  headers['Content-Length'] = String(length);
  res.writeHead(result.status, headers);
  if (parts.length === 1) {
    res.end(parts[0]);
    return;
  }
  // Corked, the parts leave in one write (end() uncorks).
  res.cork();
  for (const part of parts) res.write(part);
  res.end();
}
