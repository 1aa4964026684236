/** The worker's own unhandled-rejection policy, and log fields cut so a line fits one atomic write. */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { cut, MAX_FIELD_BYTES } from '../../server/log.ts';
import { takeOverUnhandledRejections } from '../../server/unhandled-rejection.ts';

/** A log that records what it was given. */
function recordingLog() {
  const lines: { level: string; fields: Record<string, unknown> }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>) => lines.push({ level, fields });
  return { lines, log: { fatal: at('fatal'), warn: at('warn') } as never };
}

describe('takeOverUnhandledRejections', () => {
  it("removes a library's swallowing listener, logs the rejection, and exits non-zero once", () => {
    const target = new EventEmitter();
    const swallowed: unknown[] = [];
    target.on('unhandledRejection', (reason) => swallowed.push(reason));
    const { lines, log } = recordingLog();
    const exits: number[] = [];
    takeOverUnhandledRejections(log, (code) => exits.push(code), target as unknown as NodeJS.Process);
    expect(target.listenerCount('unhandledRejection')).toBe(1);
    target.emit('unhandledRejection', new Error('boom'));
    target.emit('unhandledRejection', new Error('again'));
    expect(swallowed).toEqual([]);
    expect(exits).toEqual([1]);
    expect(lines[0]?.level).toBe('fatal');
    expect(String(lines[0]?.fields['error'])).toContain('boom');
  });

  it('keeps the worker when a client hung up', () => {
    const target = new EventEmitter();
    const { lines, log } = recordingLog();
    const exits: number[] = [];
    takeOverUnhandledRejections(log, (code) => exits.push(code), target as unknown as NodeJS.Process);
    target.emit('unhandledRejection', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    expect(exits).toEqual([]);
    expect(lines[0]?.level).toBe('warn');
  });
});

describe('cut', () => {
  it.each([
    ['ASCII', 'p'.repeat(15_000)],
    ['two-byte characters', 'ü'.repeat(5_000)],
    ['control characters (six bytes as JSON)', '\u0001'.repeat(5_000)],
  ])('bounds %s to MAX_FIELD_BYTES as JSON, with a marker', (_label, value) => {
    const result = cut(value);
    expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThanOrEqual(MAX_FIELD_BYTES);
    expect(result).toMatch(/…\[cut \d+ of \d+ chars\]$/);
    expect(value.startsWith(result.slice(0, 20))).toBe(true);
  });

  it('leaves a short field alone', () => {
    expect(cut('/api/projects')).toBe('/api/projects');
  });
});
