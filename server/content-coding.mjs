// @ts-check
/**
 * The coding policy, in one place: which of br, gzip or identity a response uses (RFC 9110 12.5.3,
 * from Accept-Encoding with its q-values), and how each body gets it without compressing per
 * request (only a live payload, /api/health's few hundred bytes, is made, so compressed, per request):
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
import { brotliCompress } from 'node:zlib';
import Negotiator from 'negotiator';
import { brotliCachedPart, brotliOptions, brotliTail, brotliTailText, UNCOMPRESSED_MAX } from './brotli-splice.mjs';
import { deflatePayload, gzipEnvelope, gzipHead, gzipTailText, STORED_MAX } from './gzip-splice.mjs';

/** @typedef {'br' | 'gzip' | 'identity'} Coding */

/** Server preference on equal q-values, for files and the API alike. */
const OFFERED = /** @type {const} */ (['br', 'gzip', 'identity']);

/** File name suffix of each precompressed sibling. */
export const SIBLING_SUFFIX = /** @type {const} */ ({ br: '.br', gzip: '.gz' });

/**
 * Brotli quality of a cached part on its first request, as cheap as gzip's deflate (level 9) or
 * cheaper at every size. Up to 16 kB quality 1, where quality 3 costs more than deflate and is no
 * smaller than it (discovery JSON, µs: 2 kB 10.9 against 15.8, 6 kB 21.5 against 28.5; quality 3
 * 17.0 and 33.9); above, quality 3, cheaper than deflate and smaller (300 kB: 0.30 against
 * 0.72 ms). A route's own payloads come from the build at the best quality
 * (src/api/payload-store.ts).
 * @param {number} bytes
 */
const firstQuality = (bytes) => (bytes <= 16 * 1024 ? 1 : 3);
const BEST_QUALITY = 11;
/**
 * A part is compressed again at the best quality, in the thread pool and one at a time, once it
 * has answered this many br requests: an answer asked for often, not one asked twice.
 */
const UPGRADE_AFTER_REQUESTS = 3;
/**
 * The upgrades' share of a core: at most this many ms of compression a second on average, in bursts
 * of at most UPGRADE_BURST_MS, so a flood of queries each asked a few times cannot buy quality 11
 * with the worker's CPU. A part refused now is upgraded by a later request.
 */
const UPGRADE_MS_PER_SECOND = 100;
const UPGRADE_BURST_MS = 500;
/**
 * Above this, quality 11 costs seconds of a core, and quality 10 is as small for a fraction of it
 * (measured on the 100× catalog: /api/stacks, 1.25 MB, 15,440 bytes in 3.1 s at 11, 14,493 bytes
 * in 0.18 s at 10; 5 to 9 all give about 21,000).
 */
const BEST_QUALITY_MAX_BYTES = 1024 * 1024;
const LARGE_PART_QUALITY = 10;

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
 * @typedef {import('../src/api/payload-cache.ts').PreparedPayload} PreparedPayload
 * @typedef {{ buffer: Buffer, requests: number, final: boolean }} BrotliForm
 * @typedef {{ grew(value: object): void } | undefined} GrowsWith the cache holding a payload, told when it gains a form
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

/** The bytes every coded form starts from: the envelope head and the payload. @param {EnvelopeParts} envelope */
const cachedPartOf = (envelope) => Buffer.concat([encoded(envelope.head).bytes, envelope.payload.bytes]);

/** @param {EnvelopeParts} envelope @param {GrowsWith} cache */
function deflatedOf(envelope, cache) {
  return envelope.payload.coded(
    'gzip',
    () => {
      const value = deflatePayload(envelope.payload.bytes);
      value.deflated = owned(value.deflated);
      return { value, bytes: value.deflated.length + 64 };
    },
    cache,
  );
}

let upgrading = false;
let upgradeTokensMs = UPGRADE_BURST_MS;
let tokensAt = performance.now();

/** Whether the upgrades' CPU budget has room now (a token bucket refilled at UPGRADE_MS_PER_SECOND). */
function upgradeBudgetLeft() {
  const now = performance.now();
  upgradeTokensMs = Math.min(UPGRADE_BURST_MS, upgradeTokensMs + ((now - tokensAt) * UPGRADE_MS_PER_SECOND) / 1000);
  tokensAt = now;
  return upgradeTokensMs > 0;
}

/** @param {EnvelopeParts} envelope @param {GrowsWith} cache */
function brotliFormOf(envelope, cache) {
  /** @type {BrotliForm} */
  const form = envelope.payload.coded(
    'br',
    () => {
      const part = cachedPartOf(envelope);
      const buffer = owned(brotliCachedPart(part, firstQuality(part.length)));
      return { value: { buffer, requests: 0, final: false }, bytes: buffer.length };
    },
    cache,
  );
  form.requests += 1;
  if (!form.final && !upgrading && form.requests >= UPGRADE_AFTER_REQUESTS && upgradeBudgetLeft())
    upgrade(envelope.payload, cachedPartOf(envelope), form, cache);
  return form;
}

/**
 * Compresses a cached part again at the best quality, off the event loop, and swaps it in.
 * @param {PreparedPayload} payload
 * @param {Buffer} part
 * @param {BrotliForm} form
 * @param {GrowsWith} cache
 */
function upgrade(payload, part, form, cache) {
  upgrading = true;
  form.final = true;
  const quality = part.length <= BEST_QUALITY_MAX_BYTES ? BEST_QUALITY : LARGE_PART_QUALITY;
  const started = performance.now();
  brotliCompress(part, brotliOptions(part.length, quality), (error, buffer) => {
    upgrading = false;
    // The pool's thread was busy this long: what the upgrade cost a core.
    upgradeTokensMs -= performance.now() - started;
    if (error || buffer.length >= form.buffer.length) return;
    const better = owned(buffer);
    payload.recode('br', { value: { ...form, buffer: better }, bytes: better.length }, cache);
  });
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
  const part = brotliFormOf(envelope, cache).buffer;
  if (ascii && tail.length > 0 && tail.length <= UNCOMPRESSED_MAX) {
    const text = brotliTailText(tail);
    return { cached: [part], tail: [], text, latin1: true, length: part.length + text.length };
  }
  const framed = brotliTail(Buffer.from(tail));
  return { cached: [part], tail: [framed], text: '', latin1: false, length: part.length + framed.length };
}

/** The name each coding's latin1 form is kept under with the payload: made once, not per request. */
const TEXT_FORM = /** @type {const} */ ({ br: 'text:br', gzip: 'text:gzip', identity: 'text:identity' });

/**
 * The cached parts as one latin1 string, kept with the payload in the byte budget (a string of
 * latin1 characters takes a byte each) and made again when the parts change (a Brotli part
 * replaced by a better one).
 * @param {EnvelopeParts} envelope
 * @param {Coding} coding
 * @param {Buffer[]} cached from encodeEnvelope
 * @param {GrowsWith} cache
 */
function cachedText(envelope, coding, cached, cache) {
  const name = TEXT_FORM[coding];
  const last = cached[cached.length - 1];
  const make = () => {
    const text = cached.map((part) => part.toString('latin1')).join('');
    return { value: { text, last }, bytes: text.length };
  };
  let form = envelope.payload.coded(name, make, cache);
  if (form.last !== last) {
    const fresh = make();
    envelope.payload.recode(name, fresh, cache);
    form = fresh.value;
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
