/**
 * A worker that cannot start tells its primary why before it exits (server/worker.ts): here a
 * worker run alone, over an IPC channel as the primary runs it, whose port is taken since the
 * primary's check.
 */
import { fork } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig, workerEnv } from '../../server/config.ts';
import { START_FAILED } from '../../server/readiness.ts';

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
