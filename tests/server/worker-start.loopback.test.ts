/**
 * A worker's start: it tells its primary why it cannot start before it exits (server/worker.ts),
 * here a worker run alone, over an IPC channel as the primary runs it, whose port is taken since the
 * primary's check; and the primary and its workers keep their compiled modules for the next start
 * (server/index.ts).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig, workerEnv } from '../../server/config.ts';
import { START_FAILED } from '../../server/readiness.ts';
import { startServer } from '../support/server.ts';

let held: Server | undefined;
afterAll(() => held?.close());

describe('a worker that cannot start', () => {
  it('sends its cause to the primary, then exits 1', async () => {
    held = createServer();
    await new Promise<void>((resolve) => held!.listen(0, '127.0.0.1', resolve));
    const port = String((held.address() as { port: number }).port);
    const config = await readConfig({ ...process.env, PORT: port, HOST: '127.0.0.1', WEB_CONCURRENCY: '1' }, { probe: false });
    const worker = fork('server/worker.ts', { env: { ...process.env, ...workerEnv(config) }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    const messages: unknown[] = [];
    worker.on('message', (message) => messages.push(message));
    const code = await new Promise<number | null>((resolve) => worker.once('exit', resolve));
    expect(code).toBe(1);
    expect(messages).toEqual([{ type: START_FAILED, cause: expect.stringContaining('EADDRINUSE') }]);
  });
});

describe('the compile cache', () => {
  it('is written in the temporary directory by the primary and by its workers', async () => {
    const temporary = mkdtempSync(join(tmpdir(), 'compile-cache-'));
    try {
      const server = await startServer({ TMPDIR: temporary });
      await server.stop();
      // One folder per Node version and V8 flags: the workers run with flags of their own (server/primary.ts).
      expect(readdirSync(join(temporary, 'node-compile-cache')).length).toBe(2);
    } finally {
      rmSync(temporary, { recursive: true, force: true });
    }
  });
});
