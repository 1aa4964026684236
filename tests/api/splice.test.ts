/**
 * The splices (src/api/splice.ts): a part compressed once, with head and tail framed around it
 * uncompressed, decodes to exactly head + payload + tail, in gzip and in Brotli.
 */
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliPart, GZIP_LEVEL } from '../../src/api/codings.ts';
import { brotliTail, deflateForSplice, gzipHead, gzipTail, UNCOMPRESSED_MAX } from '../../src/api/splice.ts';

describe('gzipTail after gzipHead and a deflated payload', () => {
  const payload = JSON.stringify({ items: Array.from({ length: 200 }, (_, index) => ({ slug: `entry-${index}`, name: 'Operação' })) });
  const head = '{"request_id":"r-1","timestamp":"2026-11-22T00:00:00.000Z","method":"GET","path":"/x","query":{},"payload":';
  const spliced = (headText: string, payloadText: string, tail: string) => {
    const prefix = gzipHead(Buffer.from(headText));
    const form = deflateForSplice(prefix, Buffer.from(payloadText), GZIP_LEVEL);
    return Buffer.concat([prefix.buffer, form.deflated, gzipTail(form, Buffer.from(tail))]);
  };

  it('decodes to head + payload + tail, with non-ASCII text', () => {
    expect(gunzipSync(spliced(head, payload, '}')).toString()).toBe(`${head}${payload}}`);
  });

  it('splits heads and tails longer than one stored block (65,535 bytes)', () => {
    const long = `"${'é'.repeat(40_000)}"`;
    expect(gunzipSync(spliced(long, payload, long)).toString()).toBe(`${long}${payload}${long}`);
  });

  it('handles empty parts and an empty payload', () => {
    expect(gunzipSync(spliced('', '', '')).toString()).toBe('');
  });

  it('compresses the payload: a repetitive envelope is a fraction of its size', () => {
    expect(spliced(head, payload, '}').length / Buffer.byteLength(`${head}${payload}}`)).toBeLessThan(0.1);
  });
});

describe('brotliTail after brotliPart', () => {
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
  const decode = (parts: Buffer[]): string => brotliDecompressSync(Buffer.concat(parts)).toString();

  it.each([5, 11])('decodes to part + tail, with non-ASCII text (quality %i)', (quality) => {
    expect(decode([brotliPart(part, quality), brotliTail(Buffer.from(tail))])).toBe(`${part.toString()}${tail}`);
  });

  it('carries the tail verbatim, so a response costs no compression', () => {
    const spliced = brotliTail(Buffer.from(tail));
    expect(spliced.includes(Buffer.from(tail))).toBe(true);
    expect(spliced.at(-1)).toBe(0x03);
  });

  it('splits tails longer than one meta-block (65,536 bytes), at the exact boundary too', () => {
    for (const length of [UNCOMPRESSED_MAX - 1, UNCOMPRESSED_MAX, UNCOMPRESSED_MAX + 1, 200_000]) {
      const long = 'é'.repeat(Math.ceil(length / 2)).slice(0, length);
      expect(decode([brotliPart(part, 5), brotliTail(Buffer.from(long))])).toBe(`${part.toString()}${long}`);
    }
  });

  it('handles an empty part and an empty tail', () => {
    expect(decode([brotliPart(Buffer.alloc(0), 11), brotliTail(Buffer.alloc(0))])).toBe('');
    expect(decode([brotliPart(Buffer.alloc(0), 11), brotliTail(Buffer.from(tail))])).toBe(tail);
  });

  it('is as small as Brotli quality 11 on the whole body, within 5%', () => {
    const spliced = Buffer.concat([brotliPart(part, 11), brotliTail(Buffer.from(tail))]).length;
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
