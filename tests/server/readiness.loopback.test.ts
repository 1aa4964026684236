/**
 * docs/deploy.md, "Readiness": under systemd (Type=notify, NOTIFY_SOCKET set) the primary sends
 * READY=1 through systemd's own systemd-notify once every worker listens, never before; the
 * `server_ready` metric says the same. The notification socket here is a Unix datagram socket held
 * by Python (Node has none), as systemd's would be.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/routes/routes.ts';
import { eventually, logLines } from '../support/processes.ts';
import { freePort, startServer, type RunningServer } from '../support/server.ts';

const healthPath = ROUTES.find((route) => route.id === 'getHealth')!.path;
const folder = mkdtempSync(join(tmpdir(), 'notify-'));
const socketPath = join(folder, 'notify.sock');
let receiver: ChildProcess | undefined;
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  receiver?.kill();
  rmSync(folder, { recursive: true, force: true });
});

/** Binds a datagram socket at `path` and prints each datagram it gets as one JSON line, with the time it came. */
async function datagramReceiver(path: string): Promise<{ messages: () => { at: number; text: string }[] }> {
  const script = [
    'import json, socket, sys, time',
    'receiver = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)',
    `receiver.bind(${JSON.stringify(path)})`,
    'print("bound", flush=True)',
    'while True:',
    '    text = receiver.recv(4096).decode()',
    '    print(json.dumps({"at": time.time() * 1000, "text": text}), flush=True)',
  ].join('\n');
  receiver = spawn('python3', ['-c', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  receiver.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  expect(await eventually(() => output.startsWith('bound'), 10_000), 'python3 binds the socket').toBe(true);
  const messages = () =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { at: number; text: string });
  return { messages };
}

/** The tools this test runs, as a machine with systemd has them: a clear stop when one is missing. */
function needTool(command: string, install: string): void {
  const { error } = spawnSync(command, ['--version'], { stdio: 'ignore' });
  if (error) throw new Error(`${command} is missing: ${install}`);
}

describe('readiness', () => {
  needTool('systemd-notify', 'the readiness test runs systemd-notify (Debian: apt-get install systemd)');
  needTool('python3', 'the readiness test receives the datagram with python3 (Debian: apt-get install python3)');

  it('tells systemd READY=1 once every worker listens, and the metric says ready', async () => {
    const { messages } = await datagramReceiver(socketPath);
    const metricsPort = await freePort();
    server = await startServer({ NOTIFY_SOCKET: socketPath, WEB_CONCURRENCY: '2', METRICS_PORT: String(metricsPort) }, { wait: false });
    expect(await eventually(() => messages().some((message) => message.text.includes('READY=1')), 30_000)).toBe(true);
    const ready = messages().find((message) => message.text.includes('READY=1'))!;
    const lines = logLines(server.output());
    const listening = lines.filter((line) => line['message'] === 'worker listening').map((line) => line['time'] as number);
    const announced = lines.find((line) => line['message'] === 'listening')!;
    console.log(
      JSON.stringify({ test: 'READY=1', datagram: ready.text, after_last_worker_ms: Math.round(ready.at - Math.max(...listening)) }),
    );
    // Both workers listened before systemd was told, and the primary said so first.
    expect(listening).toHaveLength(2);
    expect(Math.max(...listening)).toBeLessThanOrEqual(ready.at);
    expect(announced['time'] as number).toBeLessThanOrEqual(ready.at);
    expect(ready.text).toMatch(/^READY=1\nSTATUS=serving http:\/\/127\.0\.0\.1:\d+\/ with 2 workers\nMAINPID=\d+/);
    expect(ready.text).toContain(`MAINPID=${server.process.pid}`);
    expect(await eventually(() => logLines(server!.output()).some((line) => line['message'] === 'told systemd: READY=1'), 5_000)).toBe(
      true,
    );

    // Ready means serving: the health answer and the metric.
    expect((await fetch(`${server.url}${healthPath}`)).status).toBe(200);
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/^server_ready 1$/m);
    // Told once, however long it runs.
    expect(messages().filter((message) => message.text.includes('READY=1'))).toHaveLength(1);
  });

  it('sends nothing without NOTIFY_SOCKET', async () => {
    await server?.stop();
    server = await startServer({ WEB_CONCURRENCY: '1' });
    expect(logLines(server.output()).some((line) => String(line['message']).includes('systemd'))).toBe(false);
  });
});
