/**
 * The framing that appends a response's tail, uncompressed, after a part compressed once
 * (codings.ts), so no compressor runs per request. gzip (RFC 1951 3.2.4, RFC 1952): stored blocks
 * around a payload deflated with a sync flush, its CRC-32 continued over the tail. Brotli (RFC 7932
 * 9.2): uncompressed meta-blocks after a flushed part, then the last, empty one; nothing may go
 * before the part, whose backward distances would shift.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** gzip member header: deflate, no flags, no time, no extra flags, OS unknown (RFC 1952 2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** A stored block holds at most 65,535 bytes. */
const STORED_MAX = 0xffff;
/** With MNIBBLES=4, MLEN-1 has 16 bits, so one uncompressed meta-block holds at most 65,536 bytes. */
export const UNCOMPRESSED_MAX = 0x10000;

/** A payload deflated for splicing after a head: its blocks, and the CRC-32 and length of head and payload. */
export interface GzipForm {
  /** Raw deflate blocks, not final, ending byte-aligned. */
  deflated: Buffer;
  crc: number;
  length: number;
}

/** The part before the payload of every spliced gzip body: the header and the head as stored blocks, with the head's CRC. */
interface GzipHead {
  buffer: Buffer;
  length: number;
  crc: number;
}

/** The gzip header and `head` as stored blocks: made once, since every envelope has the same head. */
export function gzipHead(head: Buffer): GzipHead {
  return { buffer: Buffer.concat([GZIP_HEADER, storedBlocks(head, false)]), length: head.length, crc: crc32(head) };
}

/** `payload` deflated at `level`, ending in a sync flush, to follow `head`. */
export function deflateForSplice(head: GzipHead, payload: Buffer, level: number): GzipForm {
  return {
    deflated: deflateRawSync(payload, { level, finishFlush: constants.Z_SYNC_FLUSH }),
    crc: crc32(payload, head.crc),
    length: head.length + payload.length,
  };
}

/** What completes a gzip body after its head and `payload`: `tail` as the final stored blocks, then the trailer. */
export function gzipTail(payload: GzipForm, tail: Buffer): Buffer {
  const out = storedBlocks(tail, true, 8);
  out.writeUInt32LE(crc32(tail, payload.crc), out.length - 8);
  out.writeUInt32LE((payload.length + tail.length) >>> 0, out.length - 4);
  return out;
}

/** `bytes` as stored deflate blocks, then `room` bytes left for the caller. */
function storedBlocks(bytes: Buffer, final: boolean, room = 0): Buffer {
  const blocks = Math.max(1, Math.ceil(bytes.length / STORED_MAX));
  const out = Buffer.allocUnsafe(blocks * 5 + bytes.length + room);
  let at = 0;
  for (let block = 0; block < blocks; block += 1) {
    const chunk = bytes.subarray(block * STORED_MAX, (block + 1) * STORED_MAX);
    out[at] = final && block === blocks - 1 ? 1 : 0;
    out.writeUInt16LE(chunk.length, at + 1);
    out.writeUInt16LE(~chunk.length & 0xffff, at + 3);
    chunk.copy(out, at + 5);
    at += 5 + chunk.length;
  }
  return out;
}

/** What completes a Brotli stream after a flushed part: `tail` as uncompressed meta-blocks, then the last, empty one. */
export function brotliTail(tail: Buffer): Buffer {
  const blocks = Math.ceil(tail.length / UNCOMPRESSED_MAX);
  const out = Buffer.allocUnsafe(blocks * 3 + tail.length + 1);
  let at = 0;
  for (let block = 0; block < blocks; block += 1) {
    const chunk = tail.subarray(block * UNCOMPRESSED_MAX, (block + 1) * UNCOMPRESSED_MAX);
    // Bits, least significant first: ISLAST=0, MNIBBLES-4=0 (2 bits), MLEN-1 (16 bits), ISUNCOMPRESSED=1, padding.
    const header = ((chunk.length - 1) << 3) | (1 << 19);
    out[at] = header & 0xff;
    out[at + 1] = (header >>> 8) & 0xff;
    out[at + 2] = (header >>> 16) & 0xff;
    chunk.copy(out, at + 3);
    at += 3 + chunk.length;
  }
  // ISLAST=1, ISLASTEMPTY=1, then padding: the end of every spliced stream.
  out[at] = 0x03;
  return out;
}
