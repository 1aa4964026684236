// @ts-check
/**
 * Brotli for API envelopes without compressing per request, as gzip-splice.mjs does for gzip. The
 * cached part (the envelope up to and including the payload) is compressed once and ends with a
 * flush, so the stream is byte-aligned and not final; each response then appends its per-request
 * tail as uncompressed meta-blocks (RFC 7932 9.2: ISLAST=0, MNIBBLES, MLEN-1, ISUNCOMPRESSED=1,
 * padding to the byte) and the last, empty meta-block (ISLAST=1, ISLASTEMPTY=1: the byte 0x03).
 * Per-request bytes may only follow the compressed part: anything before or inside it would shift
 * the positions its backward distances and literal contexts were computed from. The compressed part
 * itself, and its options, are the API's coding policy (src/api/codings.ts).
 */

/** ISLAST=1, ISLASTEMPTY=1, then padding: the end of every spliced stream. */
const LAST_EMPTY_META_BLOCK = Buffer.from([0x03]);
/** With MNIBBLES=4, MLEN-1 has 16 bits, so one uncompressed meta-block holds at most 65,536 bytes. */
export const UNCOMPRESSED_MAX = 0x10000;

/**
 * The tail as uncompressed meta-blocks followed by the final empty meta-block: what completes a
 * stream whose compressed part `brotliPart` (src/api/codings.ts) made.
 * @param {Buffer} tail
 * @returns {Buffer}
 */
export function brotliTail(tail) {
  const blocks = Math.ceil(tail.length / UNCOMPRESSED_MAX);
  const out = Buffer.allocUnsafe(blocks * 3 + tail.length + 1);
  let at = 0;
  for (let block = 0; block < blocks; block += 1) {
    const chunk = tail.subarray(block * UNCOMPRESSED_MAX, (block + 1) * UNCOMPRESSED_MAX);
    // Bits, least significant first: ISLAST=0 (1 bit), MNIBBLES-4=0 (2 bits), MLEN-1 (16 bits),
    // ISUNCOMPRESSED=1 (1 bit), then zero padding to the end of the third byte.
    const header = ((chunk.length - 1) << 3) | (1 << 19);
    out[at] = header & 0xff;
    out[at + 1] = (header >>> 8) & 0xff;
    out[at + 2] = (header >>> 16) & 0xff;
    chunk.copy(out, at + 3);
    at += 3 + chunk.length;
  }
  LAST_EMPTY_META_BLOCK.copy(out, at);
  return out;
}

/**
 * What brotliTail gives for an ASCII tail of at most UNCOMPRESSED_MAX bytes, as latin1 characters
 * (one per byte): one uncompressed meta-block's header, the tail, the final empty meta-block. No
 * Buffer: the usual answer's tail joins its latin1 body as a string (content-coding.mjs).
 * @param {string} tail
 * @returns {string}
 */
export function brotliTailText(tail) {
  const header = ((tail.length - 1) << 3) | (1 << 19);
  return String.fromCharCode(header & 0xff, (header >>> 8) & 0xff, (header >>> 16) & 0xff) + tail + '\x03';
}
