/**
 * Bodies joined from a shared slab (server/body-slab.mjs): each holds its own parts, and a body
 * still waiting in a socket's queue is never overwritten by the ones joined after it.
 */
import { describe, expect, it } from 'vitest';
import { JOINED_MAX_BYTES, joinParts } from '../../server/body-slab.mjs';

const parts = (fill: number, ...sizes: number[]) => sizes.map((size, index) => Buffer.alloc(size, fill + index));

describe('joinParts', () => {
  it('joins the parts in order, in a Buffer of their total length', () => {
    const body = joinParts([Buffer.from('{"a":'), Buffer.from('1'), Buffer.from('}')], 7);
    expect(body.toString()).toBe('{"a":1}');
    expect(body.length).toBe(7);
  });

  it('encodes the text after the parts as UTF-8, in place', () => {
    const text = ',"q":"ação—ok"}';
    const head = Buffer.from('{"payload":1');
    const body = joinParts([head], head.length + Buffer.byteLength(text), text);
    expect(body.toString()).toBe(`{"payload":1${text}`);
    expect(body.length).toBe(head.length + Buffer.byteLength(text));
  });

  it('never lets a later body overwrite an earlier one, across slabs', () => {
    const kept = Array.from({ length: 40 }, (_, index) => {
      const pieces = parts(index * 3, 5, JOINED_MAX_BYTES / 2 - 10, 5);
      return { pieces, body: joinParts(pieces, JOINED_MAX_BYTES / 2) };
    });
    for (const { pieces, body } of kept) expect(body.equals(Buffer.concat(pieces))).toBe(true);
  });
});
