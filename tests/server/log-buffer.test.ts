/**
 * A worker's log when nobody reads its stdout: request lines wait in a bounded buffer (16 MB),
 * the rest are dropped rather than held, so a stalled log pipe cannot grow a worker without end.
 * Both destinations: the non-blocking stream used when stdout is a pipe or a socket
 * (server/line-writer.ts), and sonic-boom's, used when it is a file.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const logModule = fileURLToPath(new URL('../../server/log.ts', import.meta.url));

// 40 MB of distinct request lines written in one go: no write can complete before the loop ends.
// A full collection before each reading counts what is held, not garbage the collector has yet to
// reach (without it the figure varied from 16 to 46 MB with the machine's load).
const writer = `
  const { createLog } = await import(${JSON.stringify(logModule)});
  const log = createLog({ sync: false });
  const held = () => { globalThis.gc(); const memory = process.memoryUsage(); return memory.heapUsed + memory.external; };
  const before = held();
  for (let i = 0; i < 200_000; i += 1) log.writeLine(JSON.stringify({ level: 'info', request: i, path: '/'.padEnd(180, 'x') }) + '\\n');
  process.stderr.write(JSON.stringify({ grewMb: (held() - before) / 2 ** 20 }));
  process.exit(0);
`;

/** Runs the writer with the given stdout and returns how many MB its buffer held. */
function heldMb(stdout: 'pipe' | number): number {
  const child = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', writer], {
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
    stdio: ['ignore', stdout, 'pipe'],
  });
  expect(child.status).toBe(0);
  return (JSON.parse(child.stderr) as { grewMb: number }).grewMb;
}

const scratch = mkdtempSync(join(tmpdir(), 'log-buffer-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the worker log buffer', () => {
  // Held: 19.5 MB with the bound, 53.5 MB without it (16 MB of lines, plus V8's string headers).
  it('holds at most about 16 MB of lines when stdout is a pipe nobody reads', () => {
    expect(heldMb('pipe')).toBeLessThan(24);
  });

  // Held: 16.1 MB with the bound, 43 MB without it.
  it('holds at most about 16 MB of lines when stdout is a file that is not written yet', () => {
    const file = openSync(join(scratch, 'stdout.log'), 'w');
    try {
      expect(heldMb(file)).toBeLessThan(24);
    } finally {
      closeSync(file);
    }
  });
});
