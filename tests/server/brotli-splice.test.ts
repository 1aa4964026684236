/** The Brotli splice: a flushed compressed part + uncompressed meta-blocks decode to exactly part + tail. */
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliTail, brotliTailText, UNCOMPRESSED_MAX } from '../../server/brotli-splice.mjs';
import { brotliPart as brotliCachedPart } from '../../src/api/codings.ts';

const decode = (parts: Buffer[]): string => brotliDecompressSync(Buffer.concat(parts)).toString();

describe('brotliTail after brotliCachedPart', () => {
  // Varied text, as real payloads are: a fixed pseudo-random sequence of words.
  let seed = 7;
  const word = () =>
    ['api', 'contract', 'operação', 'catalog', 'stack', 'release', 'gate', 'schema', 'página'][(seed = (seed * 48271) % 2147483647) % 9];
  const part = Buffer.from(
    `{"payload":${JSON.stringify({
      items: Array.from({ length: 300 }, (_, index) => ({ slug: `entry-${index}`, summary: Array.from({ length: 12 }, word).join(' ') })),
    })}`,
  );
  const tail = ',"request_id":"r-1","timestamp":"2026-11-22T00:00:00.000Z","method":"GET","path":"/x","query":{}}';

  it.each([5, 11])('decodes to part + tail, with non-ASCII text (quality %i)', (quality) => {
    expect(decode([brotliCachedPart(part, quality), brotliTail(Buffer.from(tail))])).toBe(`${part.toString()}${tail}`);
  });

  it.each([tail, 'x', 'y'.repeat(UNCOMPRESSED_MAX)])('gives an ASCII tail of %# as latin1 text, byte for byte brotliTail', (ascii) => {
    const text = brotliTailText(ascii);
    expect(text).toBe(brotliTail(Buffer.from(ascii)).toString('latin1'));
    expect(decode([brotliCachedPart(part, 5), Buffer.from(text, 'latin1')])).toBe(`${part.toString()}${ascii}`);
  });

  it('carries the tail verbatim, so a response costs no compression', () => {
    const spliced = brotliTail(Buffer.from(tail));
    expect(spliced.includes(Buffer.from(tail))).toBe(true);
    expect(spliced.at(-1)).toBe(0x03);
  });

  it('splits tails longer than one meta-block (65,536 bytes), at the exact boundary too', () => {
    for (const length of [65_535, 65_536, 65_537, 200_000]) {
      const long = 'é'.repeat(Math.ceil(length / 2)).slice(0, length);
      const bytes = Buffer.from(long);
      expect(decode([brotliCachedPart(part, 5), brotliTail(bytes)])).toBe(`${part.toString()}${long}`);
    }
  });

  it('handles an empty part and an empty tail', () => {
    expect(decode([brotliCachedPart(Buffer.alloc(0), 11), brotliTail(Buffer.alloc(0))])).toBe('');
    expect(decode([brotliCachedPart(Buffer.alloc(0), 11), brotliTail(Buffer.from(tail))])).toBe(tail);
  });

  it('is as small as Brotli quality 11 on the whole body, within 5%', () => {
    const spliced = Buffer.concat([brotliCachedPart(part, 11), brotliTail(Buffer.from(tail))]).length;
    const whole = brotliCompressSync(Buffer.concat([part, Buffer.from(tail)]), {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
    expect(spliced / whole).toBeLessThan(1.05);
  });

  it('needs the flush: a finished stream ends before the tail', () => {
    const finished = brotliCompressSync(part);
    expect(brotliDecompressSync(Buffer.concat([finished, brotliTail(Buffer.from(tail))])).toString()).toBe(part.toString());
  });
});
