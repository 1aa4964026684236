/**
 * One JSON log line per request on stdout. Uses its own server (from the same build) because the
 * shared one's output belongs to the global setup.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchApi } from '../support/api-call.ts';
import { rawSocket } from '../support/raw-http.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
});

/** Parsed JSON lines of the server's output. */
const logLines = (): Record<string, unknown>[] =>
  server
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** Waits until the server has logged a line matching `pick`, then returns every such line. */
async function linesWhere(pick: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>[]> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const lines = logLines().filter(pick);
    if (lines.length > 0) {
      // Give a duplicate line the chance to show up before counting.
      await new Promise((resolve) => setTimeout(resolve, 30));
      return logLines().filter(pick);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return [];
}

describe('request log', () => {
  it('prints only JSON lines', async () => {
    await fetchApi(server.url, '/api/health');
    await linesWhere((line) => line['path'] === '/api/health');
    expect(() => logLines()).not.toThrow();
  });

  it.each([
    { method: 'GET', url: '/api/projects?q=api', path: '/api/projects', id: 'log-ok-1', status: 200 },
    { method: 'GET', url: '/api/projects?x=1', path: '/api/projects', id: 'log-bad-2', status: 400 },
    { method: 'DELETE', url: '/api/health', path: '/api/health', id: 'log-405-3', status: 405 },
    { method: 'HEAD', url: '/api/nope', path: '/api/nope', id: 'log-404-4', status: 404 },
    { method: 'GET', url: '/api/health', path: '/api/health', id: 'log-ok-5', status: 200 },
  ])('logs one line for $method $url: method, path without query, status, ms, request_id', async (request) => {
    await fetchApi(server.url, request.url, { method: request.method, headers: { 'X-Request-Id': request.id } });
    const lines = await linesWhere((line) => line['request_id'] === request.id);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ method: request.method, path: request.path, status: request.status, request_id: request.id });
    expect(typeof line?.['ms']).toBe('number');
    expect(line?.['ms']).toBeGreaterThanOrEqual(0);
  });

  it('formats the request line like the worker events: level, time and pid first, then the request', async () => {
    await fetchApi(server.url, '/api/stacks', { headers: { 'X-Request-Id': 'log-shape-6' } });
    const [line] = await linesWhere((candidate) => candidate['request_id'] === 'log-shape-6');
    const events = logLines().filter((candidate) => candidate['message'] === 'worker listening');
    expect(Object.keys(line ?? {})).toEqual(['level', 'time', 'pid', 'method', 'path', 'status', 'ms', 'request_id']);
    expect(Object.keys(events[0] ?? {}).slice(0, 3)).toEqual(['level', 'time', 'pid']);
    expect(line?.['level']).toBe('info');
    expect(events.map((event) => event['pid'])).toContain(line?.['pid']);
    expect(Math.abs(Number(line?.['time']) - Date.now())).toBeLessThan(60_000);
  });

  it('logs the generated request id when the client sent none', async () => {
    const api = await fetchApi(server.url, '/api/stacks');
    const id = api.headers.get('x-request-id');
    const lines = await linesWhere((line) => line['request_id'] === id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: 'GET', path: '/api/stacks', status: 200 });
  });

  it('logs pages and files too', async () => {
    await fetchApi(server.url, '/no-such-page-for-the-log/');
    const lines = await linesWhere((line) => line['path'] === '/no-such-page-for-the-log/');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: 'GET', status: 404 });
    expect(typeof lines[0]?.['ms']).toBe('number');
  });
});

describe('requests refused or cut', () => {
  it('logs one line for a request the parser refuses, with its status', async () => {
    const answer = await rawSocket(server.url, 'GET /api/health HTTP/1.1\r\nHost: a\r\nX-Bad: a\x01b\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const lines = await linesWhere((line) => line['message'] === 'request refused by the parser');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ status: 400 });
  });

  it('logs a request whose client left before its answer began as 499, not 200', async () => {
    // An MCP POST whose body never comes: the client goes away while the server waits for it.
    await new Promise<void>((resolve) => {
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => {
        socket.write(
          'POST /mcp HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 100\r\nX-Request-Id: log-cut-7\r\n\r\n{',
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 200);
      });
    });
    const lines = await linesWhere((line) => line['path'] === '/mcp' && line['aborted'] === true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: 'POST', status: 499 });
  });
});

describe('long and hostile requests', () => {
  it('cuts a 15 KB path so its line stays one atomic write (<= 4096 bytes), with a marker', async () => {
    const path = `/long-${'p'.repeat(15 * 1024)}`;
    await fetchApi(server.url, path);
    const [line] = await linesWhere((entry) => typeof entry['path'] === 'string' && entry['path'].startsWith('/long-'));
    expect(line?.['status']).toBe(404);
    expect(String(line?.['path'])).toMatch(/…\[cut \d+ of \d+ chars\]$/);
    const raw = server
      .output()
      .split('\n')
      .find((text) => text.includes('"path":"/long-'));
    expect(Buffer.byteLength(`${raw}\n`)).toBeLessThanOrEqual(4096);
  });

  it('prints no stack trace and no error for crafted Hosts and framework routes', async () => {
    for (const host of ['user:secret@example.com', 'example.com:99999', 'h'.repeat(10 * 1024)]) {
      for (const path of ['/no-such-page/', '/docs/', '/_image?href=/etc/passwd', '/_server-islands/x', '/%61pi/health']) {
        await rawSocket(server.url, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      }
    }
    await fetchApi(server.url, '/api/health');
    await linesWhere((line) => line['path'] === '/_server-islands/x');
    // Every line is JSON (logLines would throw otherwise) and none is an error.
    expect(logLines().filter((line) => line['level'] === 'error' || line['level'] === 'fatal')).toEqual([]);
    expect(server.output()).not.toMatch(/\n\s+at |Error:/);
    expect(logLines().some((line) => (line['status'] as number) >= 500)).toBe(false);
  });
});

describe('LOG_REQUESTS=off', () => {
  it('logs no request lines, and still logs the worker events', async () => {
    const quiet = await startServer({ LOG_REQUESTS: 'off', WEB_CONCURRENCY: '1' });
    try {
      await fetchApi(quiet.url, '/api/health', { headers: { 'X-Request-Id': 'log-off-1' } });
      await fetch(`${quiet.url}/`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const lines = quiet
        .output()
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.some((line) => line['message'] === 'worker listening')).toBe(true);
      expect(lines.filter((line) => 'status' in line || line['request_id'] === 'log-off-1')).toEqual([]);
    } finally {
      await quiet.stop();
    }
  });
});
