/** The gzip splice: precompressed payload + stored head and tail decode to exactly the envelope. */
import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GZIP_LEVEL } from '../../src/api/codings.ts';
import { crc32Combine, deflatePayload, gzipEnvelope, gzipHead, gzipTailText, STORED_MAX } from '../../server/gzip-splice.mjs';

const decode = (parts: Buffer[]): string => gunzipSync(Buffer.concat(parts)).toString();

describe('gzipEnvelope', () => {
  const payload = JSON.stringify({ items: Array.from({ length: 200 }, (_, index) => ({ slug: `entry-${index}`, name: 'Operação' })) });
  const deflated = deflatePayload(Buffer.from(payload), GZIP_LEVEL);
  const head = '{"request_id":"r-1","timestamp":"2026-11-22T00:00:00.000Z","method":"GET","path":"/x","query":{},"payload":';

  it('decodes to head + payload + tail, with non-ASCII text', () => {
    expect(decode(gzipEnvelope(gzipHead(head), deflated, '}'))).toBe(`${head}${payload}}`);
  });

  it('splits heads and tails longer than one stored block (65,535 bytes)', () => {
    const long = `"${'é'.repeat(40_000)}"`;
    expect(decode(gzipEnvelope(gzipHead(long), deflated, long))).toBe(`${long}${payload}${long}`);
  });

  it('handles empty parts and an empty payload', () => {
    expect(decode(gzipEnvelope(gzipHead(''), deflatePayload(Buffer.from(''), GZIP_LEVEL), ''))).toBe('');
  });

  it.each([',"request_id":"r-1"}', 'x'.repeat(STORED_MAX), ''])(
    'gives an ASCII tail of %# as latin1 text, byte for byte the buffers',
    (tail) => {
      const parts = gzipEnvelope(gzipHead(head), deflated, tail);
      const text = gzipTailText(gzipHead(head), deflated, tail);
      expect(text).toBe(Buffer.concat(parts.slice(2)).toString('latin1'));
      expect(decode([...parts.slice(0, 2), Buffer.from(text, 'latin1')])).toBe(`${head}${payload}${tail}`);
    },
  );

  it('compresses the payload: a repetitive envelope is a fraction of its size', () => {
    const size = Buffer.concat(gzipEnvelope(gzipHead(head), deflated, '}')).length;
    expect(size / Buffer.byteLength(`${head}${payload}}`)).toBeLessThan(0.1);
  });
});

describe('crc32Combine', () => {
  it.each([
    ['', 'abc'],
    ['hello ', 'world'],
    ['x'.repeat(1000), 'y'.repeat(70_000)],
  ])('equals the CRC of the concatenation (%#)', (a, b) => {
    const [left, right] = [Buffer.from(a), Buffer.from(b)];
    expect(crc32Combine(crc32(left), crc32(right), right.length)).toBe(crc32(Buffer.concat([left, right])));
  });
});
