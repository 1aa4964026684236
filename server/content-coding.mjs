// @ts-check
/**
 * Which of br, gzip or identity a response uses (RFC 9110 12.5.3, from Accept-Encoding with its
 * q-values), and how each body gets it without compressing per request (only a live payload,
 * /api/health's few hundred bytes, is made, so compressed, per request). How hard a payload is
 * compressed, and when again, is the API's policy (src/api/codings.ts, reached through the payload):
 *
 * - static files: the .br / .gz sibling written at build time (src/integrations/precompress.ts);
 * - API envelopes: the cached part (envelope head + payload) compressed once per payload and kept
 *   with it in the worker's byte budget, then the per-request tail spliced after it, uncompressed
 *   (gzip-splice.mjs, brotli-splice.mjs);
 * - small bodies (errors, empty results) alike: a per-request compression would cost more than
 *   the bytes it saves.
 *
 * Brotli is preferred on a tie (browsers send `gzip, deflate, br, zstd` with equal weight): it is
 * 15-20% smaller. zstd is not offered: Node's decoder reads only the first frame of a
 * concatenation, so it could not be spliced.
 */
import Negotiator from 'negotiator';
import { brotliTail, brotliTailText, UNCOMPRESSED_MAX } from './brotli-splice.mjs';
import { deflatePayload, gzipEnvelope, gzipHead, gzipTailText, STORED_MAX } from './gzip-splice.mjs';

/** @typedef {'br' | 'gzip' | 'identity'} Coding */

/** Server preference on equal q-values, for files and the API alike. */
const OFFERED = /** @type {const} */ (['br', 'gzip', 'identity']);

/** File name suffix of each precompressed sibling. */
export const SIBLING_SUFFIX = /** @type {const} */ ({ br: '.br', gzip: '.gz' });

/** Parsed answers by header; clients send a handful of distinct headers, and long ones are not kept. */
const chosen = new Map();
const CHOSEN_LIMIT = 512;
const CHOSEN_MAX_HEADER = 256;

/**
 * The coding for a request.
 * @param {string | undefined} acceptEncoding
 * @returns {Coding}
 */
export function chooseCoding(acceptEncoding) {
  if (acceptEncoding === undefined || acceptEncoding === '') return 'identity';
  let coding = chosen.get(acceptEncoding);
  if (coding === undefined) {
    const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
    // negotiator 1.x breaks q-value ties by `preferred` (its types predate the option).
    const encodings = /** @type {(available: string[], options: { preferred: string[] }) => string[]} */ (
      /** @type {unknown} */ (negotiator.encodings.bind(negotiator))
    );
    coding = /** @type {Coding | undefined} */ (encodings([...OFFERED], { preferred: [...OFFERED] })[0]) ?? 'identity';
    if (acceptEncoding.length <= CHOSEN_MAX_HEADER) {
      if (chosen.size >= CHOSEN_LIMIT) chosen.clear();
      chosen.set(acceptEncoding, coding);
    }
  }
  return coding;
}

/**
 * @typedef {import('../src/api/respond.ts').EnvelopeParts} EnvelopeParts
 * @typedef {import('../src/api/codings.ts').Holder | undefined} GrowsWith the cache holding a payload, told when it gains a form
 */

/** A Buffer with a backing store of its own (zlib's output may be a slice of a larger chunk). @param {Uint8Array} bytes */
function owned(bytes) {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  copy.set(bytes);
  return copy;
}

/** The last envelope head encoded, in each form a body starts with: every envelope has the same head. */
let lastHead = '';
let encodedHead = { bytes: Buffer.alloc(0), gzip: gzipHead('') };

/** @param {string} head */
function encoded(head) {
  if (head !== lastHead) {
    encodedHead = { bytes: Buffer.from(head), gzip: gzipHead(head) };
    lastHead = head;
  }
  return encodedHead;
}

/** The payload's gzip form, made on first use. @param {EnvelopeParts} envelope @param {GrowsWith} cache */
function deflatedOf({ payload }, cache) {
  let form = payload.gzip;
  if (!form) {
    form = deflatePayload(payload.bytes, payload.gzipLevel);
    form.deflated = owned(form.deflated);
    payload.setGzip(form, cache);
  }
  return form;
}

/**
 * Bodies up to this many bytes leave as one latin1 string (each character one byte of the coded
 * body). Node writes a string response, headers and body together, from a 16 KB buffer on its stack
 * straight to the socket (uv_try_write), where a Buffer body goes out through writev with a write
 * request of its own: a detail costs the worker 14% less CPU (medians of 8 rounds, both versions
 * loaded at once). The bound leaves room for the header block (1-2 KB) in those 16 KB.
 */
export const TEXT_BODY_MAX_BYTES = 14 * 1024;

/** Anything but printable ASCII and JSON whitespace: a tail holding it is encoded to UTF-8 before it joins a latin1 body. */
const NOT_ASCII = /[^\t\n\r\x20-\x7e]/;

/**
 * The body in three pieces: `cached`, the parts every response with this payload shares (the
 * envelope head and payload, or their compressed form), then `tail`, the per-request parts around
 * the tail (stored gzip blocks and trailer, Brotli meta-blocks), then `text`, the rest as a string:
 * an uncoded tail (UTF-8), or for an ASCII tail in br or gzip its whole framing as latin1
 * characters, one per byte (`latin1`), so the usual answer needs no Buffer for its tail.
 * Uncoded, the payload is never copied; coded, the cached compressed part has the tail spliced
 * after it. Small bodies too: Brotli at quality 11 costs about 3.5 ms even on 700 bytes (its
 * setup), and gzip about 0.1 ms, against microseconds for a splice; the stored tail costs them a
 * few hundred bytes.
 * @param {EnvelopeParts} envelope
 * @param {Coding} coding
 * @param {GrowsWith} [cache] the cache holding the payload, told when it gains a compressed form
 * @returns {{ cached: Buffer[], tail: Buffer[], text: string, latin1: boolean, length: number }} `length`: the body's bytes, text included
 */
export function encodeEnvelope(envelope, coding, cache) {
  const { head, payload, tail } = envelope;
  if (coding === 'identity') {
    const headBytes = encoded(head).bytes;
    const length = headBytes.length + payload.bytes.length + Buffer.byteLength(tail);
    return { cached: [headBytes, payload.bytes], tail: [], text: tail, latin1: false, length };
  }
  const ascii = !NOT_ASCII.test(tail);
  if (coding === 'gzip') {
    const prefix = encoded(head).gzip;
    const deflated = deflatedOf(envelope, cache);
    const cached = [prefix.buffer, deflated.deflated];
    const cachedLength = prefix.buffer.length + deflated.deflated.length;
    if (ascii && tail.length <= STORED_MAX) {
      const text = gzipTailText(prefix, deflated, tail);
      return { cached, tail: [], text, latin1: true, length: cachedLength + text.length };
    }
    const parts = gzipEnvelope(prefix, deflated, tail).slice(2);
    const length = parts.reduce((sum, part) => sum + part.length, cachedLength);
    return { cached, tail: parts, text: '', latin1: false, length };
  }
  // Made, counted and upgraded as the API's coding policy says (src/api/codings.ts).
  const part = envelope.payload.brotliFor(cache).buffer;
  if (ascii && tail.length > 0 && tail.length <= UNCOMPRESSED_MAX) {
    const text = brotliTailText(tail);
    return { cached: [part], tail: [], text, latin1: true, length: part.length + text.length };
  }
  const framed = brotliTail(Buffer.from(tail));
  return { cached: [part], tail: [framed], text: '', latin1: false, length: part.length + framed.length };
}

/**
 * The cached parts as one latin1 string, kept with the payload in the byte budget (a string of
 * latin1 characters takes a byte each) and made again when the parts change (a Brotli part
 * replaced by a better one).
 * @param {EnvelopeParts} envelope
 * @param {Coding} coding
 * @param {Buffer[]} cached from encodeEnvelope
 * @param {GrowsWith} cache
 */
function cachedText({ payload }, coding, cached, cache) {
  const last = cached[cached.length - 1];
  let form = payload.text(coding);
  if (!form || form.last !== last) {
    form = { text: cached.map((part) => part.toString('latin1')).join(''), last };
    payload.setText(coding, form, cache);
  }
  return form.text;
}

/**
 * A body encodeEnvelope made as one latin1 string, for a body of at most TEXT_BODY_MAX_BYTES.
 * @param {EnvelopeParts} envelope
 * @param {Coding} coding
 * @param {ReturnType<typeof encodeEnvelope>} body
 * @param {GrowsWith} [cache]
 */
export function bodyText(envelope, coding, { cached, tail, text, latin1 }, cache) {
  let body = cachedText(envelope, coding, cached, cache);
  for (const part of tail) body += part.toString('latin1');
  return body + (latin1 || !NOT_ASCII.test(text) ? text : Buffer.from(text).toString('latin1'));
}
