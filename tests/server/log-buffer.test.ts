/**
 * A worker's log when nobody reads its stdout: request lines wait in a bounded buffer (16 MB),
 * the rest are dropped rather than held, so a stalled log pipe cannot grow a worker without end.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const logModule = fileURLToPath(new URL('../../server/log.mjs', import.meta.url));

// 40 MB of request lines written in one go: no write can complete before the loop ends. A full
// collection before each reading counts what is held, not garbage the collector has yet to reach
// (without it the figure varied from 16 to 46 MB with the machine's load).
const writer = `
  const { createLog, writeLine } = await import(${JSON.stringify(logModule)});
  const log = createLog({ sync: false });
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  const line = JSON.stringify({ level: 'info', path: '/'.padEnd(180, 'x') }) + '\\n';
  for (let i = 0; i < 200_000; i += 1) writeLine(log, line);
  globalThis.gc();
  process.stderr.write(JSON.stringify({ grewMb: (process.memoryUsage().heapUsed - before) / 2 ** 20 }));
  process.exit(0);
`;

describe('the worker log buffer', () => {
  it('holds at most about 16 MB of lines when stdout is not read', () => {
    // stdout is a pipe this test never reads until the child has exited.
    const child = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', writer], {
      encoding: 'utf8',
      maxBuffer: 64 * 2 ** 20,
    });
    expect(child.status).toBe(0);
    const { grewMb } = JSON.parse(child.stderr) as { grewMb: number };
    // Held: 16.1 MB with the bound, 39.8 MB without it.
    expect(grewMb).toBeLessThan(20);
  });
});
