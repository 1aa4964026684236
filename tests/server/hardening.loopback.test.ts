/**
 * Limits of the production server against slow, oversized and vanishing clients, on loopback, with
 * the timeouts shortened through their environment variables so the tests stay fast.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PIPELINED_REQUESTS } from '../../server/connections.ts';
import { ROUTES } from '../../src/routes/routes.ts';
import { sleep } from '../support/load.ts';
import { eventually, liveWorkers, logLines, openFiles } from '../support/processes.ts';
import { rawSocket, rawStatus } from '../support/raw-http.ts';
import { largestClientFile, startServer, type RunningServer } from '../support/server.ts';

const HEADERS_TIMEOUT_MS = 500;
// Each apart from the others, so a missing setting shows: Node's default headers timeout would be
// the request timeout, and a connection left by a broken request timeout would close at keep-alive.
const REQUEST_TIMEOUT_MS = 4_000;
const KEEP_ALIVE_TIMEOUT_MS = 2_500;
const distDir = process.env['DIST_DIR'] ?? 'dist';
const healthPath = ROUTES.find((route) => route.id === 'getHealth')!.path;
const contractPath = ROUTES.find((route) => route.id === 'getContract')!.path;

let server: RunningServer;
let host: string;
let port: number;
beforeAll(async () => {
  server = await startServer({
    WEB_CONCURRENCY: '1',
    HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
  });
  host = new URL(server.url).hostname;
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server.stop();
});

/** An open connection that records what the server sends and when it closes. */
function openConnection(): { socket: Socket; answer: () => string; closedAt: Promise<number> } {
  const socket = connect(port, host);
  let answer = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (answer += chunk));
  socket.on('error', () => {});
  const closedAt = new Promise<number>((resolve) => socket.on('close', () => resolve(performance.now())));
  return { socket, answer: () => answer, closedAt };
}

// The three wait on the server's clocks, each on its own connection: side by side, not one after another.
describe.concurrent('timeouts', () => {
  it('answers 408 and closes a connection whose headers never end (HEADERS_TIMEOUT_MS)', async ({ expect }) => {
    const connection = openConnection();
    const opened = performance.now();
    connection.socket.write(`GET / HTTP/1.1\r\nHost: ${host}\r\nX-Slow: 1\r\n`);
    const closed = await connection.closedAt;
    expect(rawStatus(connection.answer())).toBe(408);
    // Checked every second: closed between the timeout and the timeout plus one check.
    expect(closed - opened).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    expect(closed - opened).toBeLessThan(HEADERS_TIMEOUT_MS + 1_400);
  });

  it('cuts a request whose body trickles in (REQUEST_TIMEOUT_MS)', async ({ expect }) => {
    const connection = openConnection();
    const opened = performance.now();
    connection.socket.write(`POST / HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 1000\r\n\r\n`);
    // A byte every 250 ms: never idle long enough for the keep-alive timeout, never done.
    const trickle = setInterval(() => connection.socket.write('x'), 250);
    const cap = setTimeout(() => connection.socket.destroy(), REQUEST_TIMEOUT_MS + 3_000);
    const closed = await connection.closedAt;
    clearInterval(trickle);
    clearTimeout(cap);
    expect(closed - opened).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(closed - opened).toBeLessThan(REQUEST_TIMEOUT_MS + 1_400);
  });

  it('keeps an idle keep-alive connection past the headers timeout, and closes it at KEEP_ALIVE_TIMEOUT_MS', async ({ expect }) => {
    const connection = openConnection();
    const request = `GET ${healthPath} HTTP/1.1\r\nHost: ${host}\r\n\r\n`;
    connection.socket.write(request);
    expect(await eventually(() => connection.answer().includes('"status":"ok"'), 5_000)).toBe(true);
    const answered = performance.now();
    await sleep(HEADERS_TIMEOUT_MS + 1_200);
    connection.socket.write(request);
    expect(await eventually(() => connection.answer().split('"status":"ok"').length === 3, 5_000)).toBe(true);
    const second = performance.now();
    const closed = await connection.closedAt;
    expect(answered).toBeLessThan(second);
    expect(closed - second).toBeGreaterThanOrEqual(KEEP_ALIVE_TIMEOUT_MS - 100);
    expect(closed - second).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS + 2_000);
  });
});

describe('pipelined requests', () => {
  const ahead = (count: number) => `GET ${healthPath} HTTP/1.1\r\nHost: ${host}\r\n\r\n`.repeat(count);
  const last = () => `GET ${healthPath} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;
  const answers = (text: string) => text.match(/HTTP\/1\.1 200 OK\r\n/g)?.length ?? 0;

  it(`answers ${MAX_PIPELINED_REQUESTS} requests sent ahead on one connection`, async () => {
    const connection = openConnection();
    connection.socket.write(ahead(MAX_PIPELINED_REQUESTS - 1) + last());
    await connection.closedAt;
    expect(answers(connection.answer())).toBe(MAX_PIPELINED_REQUESTS);
  });

  it('cuts a connection that sends more ahead, answers none past the bound, logs it, and serves the next client', async () => {
    const connection = openConnection();
    connection.socket.write(ahead(MAX_PIPELINED_REQUESTS * 30) + last());
    await connection.closedAt;
    expect(answers(connection.answer())).toBeLessThanOrEqual(MAX_PIPELINED_REQUESTS);
    const cut = () => logLines(server.output()).some((line) => line['message'] === 'connection cut: too many pipelined requests');
    expect(await eventually(cut, 2_000)).toBe(true);
    expect(rawStatus(await rawSocket(server.url, last()))).toBe(200);
  });
});

describe('header size', () => {
  it('answers 431 to a header section over 16 KiB, and serves the next client', async () => {
    const answer = await rawSocket(
      server.url,
      `GET / HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'a'.repeat(17 * 1024)}\r\nConnection: close\r\n\r\n`,
    );
    expect(rawStatus(answer)).toBe(431);
    const next = await rawSocket(server.url, `GET ${healthPath} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(rawStatus(next)).toBe(200);
  });
});

describe('clients that abort', () => {
  it('never crash the worker or leave a connection or a file open', async () => {
    const [worker] = liveWorkers(server.output());
    const baseline = openFiles(worker!);
    const targets = [largestClientFile(distDir).path, contractPath, '/'];
    for (let round = 0; round < 60; round += 1) {
      await Promise.all(
        targets.map(
          (path) =>
            new Promise<void>((resolve) => {
              const socket = connect(port, host, () => socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`));
              // Gone after the first bytes of the answer, or before any.
              socket.once('data', () => socket.destroy());
              if (round % 3 === 0) socket.once('connect', () => setImmediate(() => socket.destroy()));
              socket.on('error', () => {});
              socket.on('close', () => resolve());
            }),
        ),
      );
    }
    // Everything the worker opened for them is closed again (a little slack for its own timers).
    expect(await eventually(() => openFiles(worker!) <= baseline + 2, 5_000)).toBe(true);
    expect(liveWorkers(server.output())).toEqual([worker]);
    expect(logLines(server.output()).filter((line) => line['level'] === 'error' || line['level'] === 'fatal')).toEqual([]);
    expect(server.output()).not.toMatch(/Error|uncaught/i);
    const after = await rawSocket(server.url, `GET ${healthPath} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(rawStatus(after)).toBe(200);
    // Aborted requests are logged as such (request lines leave within 100 ms).
    expect(await eventually(() => logLines(server.output()).some((line) => line['aborted'] === true), 5_000)).toBe(true);
  });
});
