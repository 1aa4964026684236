// @ts-check
/**
 * gzip for API envelopes without compressing per request. The cached payload is deflated once
 * (ending in a sync flush, so its blocks stand alone and end on a byte boundary); each response
 * then wraps the envelope head (stored once, gzipHead) and its own tail around it as stored
 * (uncompressed) deflate blocks, which needs no compressor at all, and continues the CRC-32 over
 * the three parts (RFC 1951 3.2.4, RFC 1952).
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** gzip member header: deflate, no flags, no time, no extra flags, OS unknown (RFC 1952 2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** A stored block holds at most 65,535 bytes. */
export const STORED_MAX = 0xffff;

/**
 * @typedef {object} DeflatedPayload
 * @property {Buffer} deflated raw deflate blocks, not final, ending byte-aligned
 * @property {number} crc CRC-32 of the uncompressed payload
 * @property {number} length uncompressed length in bytes
 * @property {number} shift x^(8·length) modulo the CRC polynomial: what combining a CRC across the payload costs, computed once
 */

/**
 * The payload deflated at `level` (the API's policy, src/api/codings.ts), ending in a sync flush.
 * @param {Buffer} payload @param {number} level @returns {DeflatedPayload}
 */
export function deflatePayload(payload, level) {
  return {
    deflated: deflateRawSync(payload, { level, finishFlush: constants.Z_SYNC_FLUSH }),
    crc: crc32(payload),
    length: payload.length,
    shift: xPower8n(payload.length),
  };
}

/** Header of one stored deflate block of `length` bytes (RFC 1951 3.2.4), written at `at`. @param {Buffer} target @param {number} at @param {number} length @param {boolean} final */
function writeStoredHeader(target, at, length, final) {
  target[at] = final ? 1 : 0;
  target.writeUInt16LE(length, at + 1);
  target.writeUInt16LE(~length & 0xffff, at + 3);
}

/**
 * The gzip header and the envelope head as stored blocks, with the head's CRC: the part of every
 * spliced envelope that does not change, made once by the caller (content-coding.mjs).
 * @param {string} head
 * @returns {GzipHead}
 */
export function gzipHead(head) {
  const part = storedPart(head, false, GZIP_HEADER);
  return { ...part, crc: crc32(part.bytes) };
}

/** @typedef {{ buffer: Buffer, bytes: Buffer, crc: number }} GzipHead */

/**
 * The gzip bytes of head + payload + tail, as four buffers to write in order. The tail is the
 * envelope's per-request part (a few hundred bytes; a longer one is split into several blocks).
 * @param {GzipHead} prefix from gzipHead
 * @param {DeflatedPayload} payload
 * @param {string} tail
 * @returns {Buffer[]}
 */
export function gzipEnvelope(prefix, payload, tail) {
  const suffix = storedPart(tail, true, undefined);
  const headBytes = prefix.bytes;
  const tailBytes = suffix.bytes;
  const crc = crc32(tailBytes, (multiplyModP(payload.shift, prefix.crc) ^ payload.crc) >>> 0);
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((headBytes.length + payload.length + tailBytes.length) >>> 0, 4);
  return [prefix.buffer, payload.deflated, suffix.buffer, trailer];
}

/** Four bytes, least significant first, as latin1 characters. @param {number} value */
const uint32Text = (value) => String.fromCharCode(value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff);

/**
 * What gzipEnvelope gives after the cached parts for an ASCII tail of at most STORED_MAX bytes, as
 * latin1 characters (one per byte): the final stored block and the trailer. No Buffer: the usual
 * answer's tail joins its latin1 body as a string (content-coding.mjs).
 * @param {GzipHead} prefix from gzipHead
 * @param {DeflatedPayload} payload
 * @param {string} tail
 * @returns {string}
 */
export function gzipTailText(prefix, payload, tail) {
  const length = tail.length;
  const crc = crc32(tail, (multiplyModP(payload.shift, prefix.crc) ^ payload.crc) >>> 0);
  const blockHeader = String.fromCharCode(1, length & 0xff, length >>> 8, ~length & 0xff, (~length >>> 8) & 0xff);
  return blockHeader + tail + uint32Text(crc >>> 0) + uint32Text((prefix.bytes.length + payload.length + length) >>> 0);
}

/**
 * `text` as stored deflate blocks, after an optional `lead` (the gzip header).
 * @param {string} text
 * @param {boolean} final
 * @param {Buffer | undefined} lead
 */
function storedPart(text, final, lead) {
  const bytes = Buffer.from(text);
  const blocks = Math.max(1, Math.ceil(bytes.length / STORED_MAX));
  const leadLength = lead?.length ?? 0;
  const buffer = Buffer.allocUnsafe(leadLength + blocks * 5 + bytes.length);
  if (lead) lead.copy(buffer, 0);
  let at = leadLength;
  for (let block = 0; block < blocks; block += 1) {
    const chunk = bytes.subarray(block * STORED_MAX, (block + 1) * STORED_MAX);
    writeStoredHeader(buffer, at, chunk.length, final && block === blocks - 1);
    chunk.copy(buffer, at + 5);
    at += 5 + chunk.length;
  }
  return { buffer, bytes };
}

/**
 * CRC-32 of A followed by B from crc(A), crc(B) and B's length, without reading B again
 * (zlib's crc32_combine: multiply by x^(8·len) in GF(2) with the reflected polynomial).
 * @param {number} crcA
 * @param {number} crcB
 * @param {number} lengthB
 */
export function crc32Combine(crcA, crcB, lengthB) {
  return (multiplyModP(xPower8n(lengthB), crcA) ^ crcB) >>> 0;
}

const POLYNOMIAL = 0xedb88320;

/** a·b modulo the CRC polynomial, in the reflected bit order CRC-32 uses. @param {number} a @param {number} b */
function multiplyModP(a, b) {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLYNOMIAL : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo P for k = 0..31, so x^(8·n) costs one multiplication per set bit of n. */
const X2N = (() => {
  const table = new Array(32);
  let p = 1 << 30; // x^1
  table[0] = p;
  for (let k = 1; k < 32; k += 1) table[k] = p = multiplyModP(p, p);
  return table;
})();

/** x^(8·n) modulo P. @param {number} n */
function xPower8n(n) {
  let p = 0x80000000; // x^0
  let k = 3; // 8 = 2^3
  while (n !== 0) {
    if (n & 1) p = multiplyModP(X2N[k & 31], p);
    n >>>= 1;
    k += 1;
  }
  return p >>> 0;
}
