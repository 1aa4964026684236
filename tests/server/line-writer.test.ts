/**
 * The worker's pipe destination (server/line-writer.ts) against a stream that records each write
 * and completes it only when the test says: whole lines, at most maxWrite bytes a write, one write
 * in flight, a bound on what waits, and flush.
 */
import { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LineWriter } from '../../server/line-writer.ts';

/** A stream whose writes wait for complete(). */
class HeldStream extends EventEmitter {
  writes: string[] = [];
  #pending: ((error?: Error | null) => void)[] = [];
  write(text: string, done: (error?: Error | null) => void) {
    this.writes.push(text);
    this.#pending.push(done);
    return true;
  }
  get inFlight() {
    return this.#pending.length;
  }
  complete(error?: Error) {
    this.#pending.shift()?.(error);
  }
}

const OPTIONS = { maxWrite: 100, minLength: 150, maxLength: 300, periodicFlush: 60_000 };
const line = (n: number) => `{"n":${String(n).padStart(3, '0')},"pad":"xxxxxxxxxxxxx"}\n`; // 32 bytes

function writer() {
  const stream = new HeldStream();
  return { stream, out: new LineWriter(stream as unknown as Writable, OPTIONS) };
}

describe('LineWriter', () => {
  it('waits until minLength bytes wait, then writes all of them: whole lines, at most maxWrite bytes a write, one write at a time', () => {
    const { stream, out } = writer();
    for (let n = 1; n <= 4; n += 1) out.write(line(n));
    expect(stream.writes).toEqual([]); // 128 bytes < minLength 150
    out.write(line(5)); // 160 bytes: the batch starts
    expect(stream.writes).toEqual([line(1) + line(2) + line(3)]);
    out.write(line(6));
    out.write(line(7));
    expect(stream.inFlight).toBe(1); // the rest waits for the first write
    stream.complete();
    stream.complete();
    expect(stream.writes).toEqual([line(1) + line(2) + line(3), line(4) + line(5) + line(6), line(7)]);
    for (const text of stream.writes) {
      expect(text.length).toBeLessThanOrEqual(OPTIONS.maxWrite);
      expect(text.endsWith('\n')).toBe(true);
    }
    // Everything waiting was written: the next line waits for minLength bytes again.
    stream.complete();
    out.write(line(8));
    expect(stream.writes).toHaveLength(3);
  });

  it('writes what waits on flush, then calls back once all of it has been written', () => {
    const { stream, out } = writer();
    out.write(line(1));
    let flushed = false;
    out.flush(() => (flushed = true));
    expect(stream.writes).toEqual([line(1)]);
    expect(flushed).toBe(false);
    stream.complete();
    expect(flushed).toBe(true);
  });

  it('holds at most maxLength bytes for a stream that does not drain, and drops the rest with a drop event each', () => {
    const { stream, out } = writer();
    const dropped: string[] = [];
    out.on('drop', (text: string) => dropped.push(text));
    const accepted = Array.from({ length: 12 }, (_, index) => out.write(line(index + 1)));
    // 9 lines of 32 bytes fit in 300 (288); the 10th would make 320.
    expect(accepted).toEqual([...Array(9).fill(true), false, false, false]);
    expect(dropped).toEqual([line(10), line(11), line(12)]);
    stream.complete(); // 96 bytes written: room for three more lines
    expect(out.write(line(13))).toBe(true);
    expect(out.write(line(14))).toBe(true);
    expect(out.write(line(15))).toBe(true);
    expect(out.write(line(16))).toBe(false);
  });

  it('drops everything once the stream fails (stdout closed), and still answers flush', () => {
    const { stream, out } = writer();
    out.write(line(1) + line(2));
    out.flush();
    stream.complete(new Error('EPIPE'));
    expect(out.write(line(3))).toBe(false);
    let flushed = false;
    out.flush(() => (flushed = true));
    expect(flushed).toBe(true);
    expect(stream.writes).toEqual([line(1) + line(2)]);
  });
});
