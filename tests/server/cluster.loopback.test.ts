/**
 * The primary and its workers under load, on loopback: a SIGKILLed worker is replaced and fails at
 * most the requests it had in flight; SIGHUP replaces every worker without a failed request;
 * SIGTERM lets in-flight requests finish and exits 0 within the bound; /api/health says 503 while a
 * worker drains; workers that cannot start stop the primary. Each test runs its own server from the global build.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_FAILED_STARTS } from '../../server/primary.ts';
import { EXPORT_ROUTES, ROUTES } from '../../src/routes/routes.ts';
import { exportPath } from '../../src/routes/urls.ts';
import { failed, sleep, startLoad, type Sent } from '../support/load.ts';
import { allWorkers, clientConnections, eventually, liveWorkers, logLines, requestsPerWorker } from '../support/processes.ts';
import { metricsUrl } from '../support/prometheus.ts';
import { rawStatus } from '../support/raw-http.ts';
import { largestClientFile, startServer, type RunningServer } from '../support/server.ts';

const distDir = process.env['DIST_DIR'] ?? 'dist';
const WORKERS = 2;
const CONNECTIONS = 16;
/** Answers before a signal: every connection has had a few, so the signal lands on a loaded server. */
const UNDER_WAY = CONNECTIONS * 4;
/** Ordinary traffic: every collection endpoint, one export, the home page and a page. */
const PATHS = [
  ...ROUTES.filter((route) => !route.detail && !route.live).map((route) => route.path),
  exportPath(EXPORT_ROUTES[0]!.exportFile),
  '/',
  '/projects/',
];
const healthPath = ROUTES.find((route) => route.id === 'getHealth')!.path;
const listingPath = ROUTES.find((route) => route.id === 'listProjects')!.path;

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** One line for the test output: what was sent and what failed. */
function summary(label: string, requests: Sent[], extra: Record<string, unknown> = {}): void {
  const failures = requests.filter(failed);
  const reasons = [...new Set(failures.map((request) => request.error ?? String(request.status)))];
  console.log(JSON.stringify({ test: label, sent: requests.length, failed: failures.length, reasons, ...extra }));
}

describe('workers under load', () => {
  it('SIGKILL: the worker is replaced, only requests it had in flight fail, the service recovers', async () => {
    server = await startServer({ WEB_CONCURRENCY: String(WORKERS) });
    const port = Number(new URL(server.url).port);
    const load = startLoad(server.url, { connections: CONNECTIONS, paths: PATHS });
    await load.answered(UNDER_WAY);
    const [victim] = liveWorkers(server.output());
    const heldConnections = clientConnections(victim!, port);
    const killedAt = performance.now();
    process.kill(victim!, 'SIGKILL');
    // A worker starts in a second or two; the bound leaves room for the rest of the suite on two cores.
    const replaced = await eventually(() => liveWorkers(server!.output()).filter((pid) => pid !== victim).length === WORKERS, 10_000);
    await sleep(1_000);
    const requests = await load.stop();
    const failures = requests.filter(failed);
    summary('SIGKILL', requests, { killed_worker_connections: heldConnections, per_worker: requestsPerWorker(server.output()) });

    expect(replaced, 'a new worker listens in place of the killed one').toBe(true);
    expect(liveWorkers(server.output())).not.toContain(victim);
    // One connection carries at most one request at a time, and undici does not reuse a broken one.
    expect(failures.length).toBeLessThanOrEqual(heldConnections);
    expect(failures.every((request) => request.status === undefined && request.start < killedAt + 1_000)).toBe(true);
    // Recovered: everything sent in the last half second succeeded, and the primary logged the replacement.
    const end = Math.max(...requests.map((request) => request.end));
    expect(requests.filter((request) => request.start > end - 500 && failed(request))).toEqual([]);
    expect(requests.filter((request) => request.start > end - 500).length).toBeGreaterThan(0);
    expect(logLines(server.output()).find((line) => line['worker'] === victim)).toMatchObject({
      message: 'worker exited: replacing it',
      signal: 'SIGKILL',
      replace_in_ms: 0,
    });
  });

  it('SIGHUP: every worker is replaced by one serving the new release, no request fails', async () => {
    // A deploy: releases side by side, DIST_DIR a symlink repointed before the reload. Release b is
    // release a with another build id, enough to see which one a worker serves.
    mkdirSync('.tmp', { recursive: true });
    const releases = mkdtempSync(join('.tmp', 'releases-'));
    try {
      cpSync(distDir, join(releases, 'a'), { recursive: true });
      cpSync(distDir, join(releases, 'b'), { recursive: true });
      const record = JSON.parse(readFileSync(join(distDir, 'build.json'), 'utf8')) as Record<string, unknown>;
      writeFileSync(join(releases, 'b', 'build.json'), JSON.stringify({ ...record, id: 'b'.repeat(16) }));
      symlinkSync('a', join(releases, 'current'));
      server = await startServer({ WEB_CONCURRENCY: String(WORKERS), DIST_DIR: join(releases, 'current') });
      const before = liveWorkers(server.output());
      const builds = () =>
        new Set(
          logLines(server!.output())
            .filter((line) => line['message'] === 'worker listening')
            .map((line) => line['build']),
        );
      expect([...builds()]).not.toContain('b'.repeat(16));
      const load = startLoad(server.url, { connections: CONNECTIONS, paths: PATHS });
      await load.answered(UNDER_WAY);
      rmSync(join(releases, 'current'));
      symlinkSync('b', join(releases, 'current'));
      const signalled = Date.now();
      server.process.kill('SIGHUP');
      const reloaded = await eventually(() => logLines(server!.output()).some((line) => line['message'] === 'reloaded'), 15_000);
      const reloadMs = Date.now() - signalled;
      await sleep(500);
      const requests = await load.stop();
      summary('SIGHUP', requests, { reload_ms: reloadMs, per_worker: requestsPerWorker(server.output()) });

      expect(reloaded).toBe(true);
      expect(requests.filter(failed)).toEqual([]);
      const renewed = () => liveWorkers(server!.output()).filter((pid) => !before.includes(pid)).length === WORKERS;
      expect(await eventually(() => renewed() && liveWorkers(server!.output()).length === WORKERS, 10_000)).toBe(true);
      // The retired workers exited on their own, with 0; the new ones serve release b.
      for (const pid of before) expect(logLines(server.output()).find((line) => line['worker'] === pid)).toMatchObject({ code: 0 });
      const fresh = logLines(server.output()).filter(
        (line) => line['message'] === 'worker listening' && !before.includes(line['pid'] as number),
      );
      expect(fresh.map((line) => line['build'])).toEqual(['b'.repeat(16), 'b'.repeat(16)]);
      expect((await (await fetch(`${server.url}${healthPath}`)).json()).payload.build).toBe('b'.repeat(16));
    } finally {
      await server?.stop();
      server = undefined;
      rmSync(releases, { recursive: true, force: true });
    }
  });

  it('SIGTERM: requests in flight complete, the primary exits 0 within 10 s', async () => {
    server = await startServer({ WEB_CONCURRENCY: String(WORKERS) });
    const load = startLoad(server.url, { connections: CONNECTIONS, paths: PATHS });
    // A slow reader: the largest file of the build, read after the signal.
    const slow = slowDownload(server.url, largestClientFile(distDir));
    await load.answered(UNDER_WAY);
    await slow.started;
    const inFlight = load.inFlight();
    const signalled = performance.now();
    server.process.kill('SIGTERM');
    // The load balancer stops sending once the instance drains; what was in flight must complete.
    const requests = await load.stop();
    const download = await slow.finish(1_500);
    const exit = await server.exited;
    const exitMs = Math.round(performance.now() - signalled);
    summary('SIGTERM', requests, { in_flight_at_signal: inFlight, exit_ms: exitMs, exit_code: exit.code });

    expect(inFlight).toBeGreaterThan(0);
    expect(requests.filter(failed)).toEqual([]);
    expect(download.status).toBe(200);
    expect(download.received).toBe(download.expected);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(exitMs).toBeLessThan(10_000);
  });

  /**
   * One kept-alive connection to a one-worker server: `send` writes a GET of `path` and waits until
   * `ready(answer)`; `drainThenSend` asks the worker to drain (SIGTERM), sends the GET again and
   * waits for the worker to close the connection. Each returns what the connection received since
   * the last call.
   */
  async function connectionToOneWorker(path: string) {
    server = await startServer({ WEB_CONCURRENCY: '1' });
    const running = server;
    const { hostname, port } = new URL(running.url);
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    const request = `GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`;
    const taken = () => {
      const received = answer;
      answer = '';
      return received;
    };
    return {
      async send(ready: (answer: string) => boolean): Promise<string> {
        socket.write(request);
        expect(await eventually(() => ready(answer), 5_000)).toBe(true);
        return taken();
      },
      async drainThenSend(): Promise<string> {
        running.process.kill('SIGTERM');
        expect(await eventually(() => logLines(running.output()).some((line) => line['message'] === 'worker draining'), 5_000)).toBe(true);
        socket.write(request);
        await closed;
        return taken();
      },
    };
  }

  it('answers /api/health with 503 on a connection to a draining worker, then closes it', async () => {
    const connection = await connectionToOneWorker(healthPath);
    expect(rawStatus(await connection.send((answer) => answer.includes('"status":"ok"')))).toBe(200);
    const answer = await connection.drainThenSend();
    expect(rawStatus(answer)).toBe(503);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain('"code":"unavailable"');
  });

  it('closes the connection after an API answer of a cached payload, once draining', async () => {
    const connection = await connectionToOneWorker(listingPath);
    // A listing answered twice: the second answer comes from the cached payload.
    for (let index = 0; index < 2; index += 1) {
      const answer = await connection.send((received) => received.includes('"request_id"'));
      expect(rawStatus(answer)).toBe(200);
      expect(answer).not.toMatch(/\r\nconnection: close\r\n/i);
    }
    const answer = await connection.drainThenSend();
    expect(rawStatus(answer)).toBe(200);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
  });

  it('backs off when workers that listened keep dying young, and logs it', async () => {
    server = await startServer({ WEB_CONCURRENCY: '1', METRICS_PORT: '0' });
    expect(await eventually(() => metricsUrl(server!.output()) !== undefined, 5_000)).toBe(true);
    const killed: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const fresh = () => liveWorkers(server!.output()).filter((pid) => !killed.includes(pid));
      expect(await eventually(() => fresh().length === 1, 15_000)).toBe(true);
      // The worker logs "worker listening" just before it tells the primary over IPC; a kill in
      // between would count as a failed start. A scrape waits for every worker's metrics over that
      // same ordered channel, so once it answers, the primary has seen this worker listen.
      expect((await fetch(metricsUrl(server.output())!)).status).toBe(200);
      const [victim] = fresh();
      killed.push(victim!);
      process.kill(victim!, 'SIGKILL');
    }
    const exits = () => logLines(server!.output()).filter((line) => killed.includes(line['worker'] as number));
    expect(await eventually(() => exits().length === 3, 5_000)).toBe(true);
    const delays = exits().map((line) => line['replace_in_ms']);
    console.log(JSON.stringify({ test: 'backoff', delays }));
    expect(delays).toEqual([0, 100, 200]);
    expect(exits().map((line) => line['message'])).toEqual([
      'worker exited: replacing it',
      'workers keep exiting: backing off',
      'workers keep exiting: backing off',
    ]);
    // They had listened: no failed start is counted, and the server serves again.
    expect(exits().every((line) => line['failed_starts'] === undefined)).toBe(true);
    expect(await eventually(() => liveWorkers(server!.output()).length === 1, 5_000)).toBe(true);
  });

  it('keeps serving when a reload cannot start its new workers, and does not exit', async () => {
    mkdirSync('.tmp', { recursive: true });
    const releases = mkdtempSync(join('.tmp', 'releases-'));
    try {
      symlinkSync(join(process.cwd(), distDir), join(releases, 'current'));
      mkdirSync(join(releases, 'broken', 'server'), { recursive: true });
      writeFileSync(join(releases, 'broken', 'build.json'), '{"id":"broken"}');
      writeFileSync(join(releases, 'broken', 'server', 'entry.mjs'), 'throw new Error("broken build");\n');
      server = await startServer({ WEB_CONCURRENCY: '1', DIST_DIR: join(releases, 'current') });
      // Reloads whose new worker fails, a release missing and a broken one: never counted as failed starts.
      for (let reload = 1; reload <= MAX_FAILED_STARTS; reload += 1) {
        rmSync(join(releases, 'current'));
        symlinkSync(reload === 1 ? 'missing' : 'broken', join(releases, 'current'));
        server.process.kill('SIGHUP');
        const stopped = () => logLines(server!.output()).filter((line) => String(line['message']).startsWith('reload stopped')).length;
        expect(await eventually(() => stopped() === reload, 15_000)).toBe(true);
      }
      expect(server.process.exitCode).toBeNull();
      expect((await fetch(`${server.url}${healthPath}`)).status).toBe(200);
    } finally {
      await server?.stop();
      server = undefined;
      rmSync(releases, { recursive: true, force: true });
    }
  });

  it('exits 1 with the cause when workers cannot start, three in a row: never a crash loop', async () => {
    // A build whose server cannot load: every worker exits at start.
    mkdirSync('.tmp', { recursive: true });
    const broken = mkdtempSync(join('.tmp', 'broken-build-'));
    try {
      mkdirSync(join(broken, 'server'), { recursive: true });
      writeFileSync(join(broken, 'build.json'), '{"id":"broken"}');
      writeFileSync(join(broken, 'server', 'entry.mjs'), 'throw new Error("broken build");\n');
      const started = performance.now();
      server = await startServer({ WEB_CONCURRENCY: '2', DIST_DIR: broken }, { wait: false });
      const { code } = await server.exited;
      const ms = Math.round(performance.now() - started);
      const lines = logLines(server.output());
      const fatal = lines.filter((line) => line['level'] === 'fatal');
      const forks = lines.filter((line) => line['message'] === 'worker heap plan').length;
      console.log(JSON.stringify({ test: 'workers cannot start', code, ms, forks, fatal: fatal[0] }));
      expect(code).toBe(1);
      expect(ms).toBeLessThan(10_000);
      // The two first workers, and one replacement for each failure until the third: never a spin.
      expect(forks).toBeLessThanOrEqual(MAX_FAILED_STARTS + 1);
      expect(fatal).toEqual([
        expect.objectContaining({ message: 'workers cannot start: broken build', cause: 'broken build', failed_starts: MAX_FAILED_STARTS }),
      ]);
      expect(allWorkers(server.output())).toEqual([]);
    } finally {
      await server?.stop();
      server = undefined;
      rmSync(broken, { recursive: true, force: true });
    }
  });
});

/** Requests a file, reads the headers, pauses; `finish` waits, then reads the rest and counts the body bytes. */
function slowDownload(baseUrl: string, file: { path: string; size: number }) {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname, () =>
    socket.write(`GET ${file.path} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`),
  );
  const chunks: Buffer[] = [];
  let resolveStarted: () => void;
  const started = new Promise<void>((resolve) => (resolveStarted = resolve));
  socket.once('data', (chunk: Buffer) => {
    chunks.push(chunk);
    socket.pause();
    resolveStarted();
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return {
    started,
    finish: async (pauseMs: number) => {
      await sleep(pauseMs);
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.resume();
      await closed;
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      return { status: rawStatus(all.subarray(0, split).toString('latin1')), received: all.length - split - 4, expected: file.size };
    },
  };
}
