/**
 * Debian's nginx (deploy/nginx/local.sh) on loopback in front of two instances of the server (the
 * global build, one worker each): responses through nginx match the direct ones, request ids and
 * client addresses pass through, the fleet-wide limit answers the API's 429 envelope, and neither a reload of nginx
 * nor the death of an instance under load fails a GET. Skipped when nginx is not installed (`.ci/run`
 * installs it).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_ROUTES, routeById, ROUTES } from '../../src/routes/routes.ts';
import { API_PREFIX, apiUrl, CONTRACT_DOCUMENT_PATH, exportPath, isApiPath } from '../../src/routes/urls.ts';
import { MCP_PATH } from '../../src/routes/mcp-endpoint.ts';
import { SECURITY_HEADERS } from '../../src/api/response-policy.ts';
import { EnvelopeMetaSchema, ProblemSchema } from '../../src/schemas/api.ts';
import { z } from 'astro/zod';
import { testCatalog } from '../support/contract.ts';
import { failed, sleep, startLoad } from '../support/load.ts';
import { allWorkers } from '../support/processes.ts';
import { nginxInstalled, startNginx, type RunningNginx } from '../support/nginx.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const distDir = process.env['DIST_DIR'] ?? 'dist';
/** Instances trust nginx (127.0.0.1) for X-Forwarded-For; their limit is far above this suite's load. */
const INSTANCE_ENV = { WEB_CONCURRENCY: '1', RATE_LIMIT: '1000000/60s', TRUST_PROXY: '127.0.0.1' };
/** nginx's fleet-wide limit, far above this suite's load too (one test starts a strict one). */
const NGINX_ENV = { API_RATE: '100000r/s', API_BURST: '100000' };

const instances: RunningServer[] = [];
let nginx: RunningNginx;

describe.skipIf(!nginxInstalled())('nginx in front of two instances', () => {
  beforeAll(async () => {
    instances.push(...(await Promise.all([startServer(INSTANCE_ENV), startServer(INSTANCE_ENV)])));
    nginx = await startNginx(
      instances.map((instance) => Number(new URL(instance.url).port)),
      NGINX_ENV,
    );
  });
  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
  });

  interface Raw {
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }
  /** One request on a fresh connection, body bytes as sent (not decoded). */
  function raw(base: string, path: string, headers: Record<string, string> = {}, method = 'GET', localAddress = '127.0.0.1'): Promise<Raw> {
    const { hostname, port } = new URL(base);
    return new Promise((resolve, reject) => {
      const outgoing = request({ host: hostname, port: Number(port), path, method, headers, agent: false, localAddress }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
  }

  /** The headers that must match, by lower-case name. */
  const COMPARED = [
    'content-type',
    'content-encoding',
    'content-language',
    'cache-control',
    'vary',
    'link',
    'allow',
    'last-modified',
    // The same validator for the same bytes from nginx and every instance (file-cache.mjs).
    'etag',
    'access-control-allow-origin',
    'access-control-expose-headers',
    ...Object.keys(SECURITY_HEADERS).map((name) => name.toLowerCase()),
  ];
  // Vary is a list whose order means nothing (nginx's gzip_vary adds Accept-Encoding on its own line).
  const varyTokens = (value: string | string[] | undefined) =>
    value
      ?.toString()
      .split(',')
      .map((token) => token.trim())
      .sort()
      .join(', ');
  const picked = (answer: Raw) =>
    Object.fromEntries(COMPARED.map((name) => [name, name === 'vary' ? varyTokens(answer.headers[name]) : answer.headers[name]]));
  const decoded = (answer: Raw) => {
    const coding = answer.headers['content-encoding'];
    return coding === 'gzip' ? gunzipSync(answer.body) : coding === 'br' ? brotliDecompressSync(answer.body) : answer.body;
  };
  /** An API envelope differs only by its timestamp between two requests with the same request id. */
  const withoutTimestamp = (body: Buffer) => body.toString('utf8').replace(/"timestamp":"[^"]*"/, '"timestamp":""');

  const asset = `/_astro/${readdirSync(join(distDir, 'client', '_astro')).find((name) => name.endsWith('.css'))}`;
  const projectSlug = testCatalog().collections.projects[0]!.slug;
  const apiPaths = [
    ...ROUTES.filter((route) => !route.detail && !route.live).map((route) => route.path),
    ROUTES.find((route) => route.detail === 'projects')!.path.replace('{slug}', projectSlug),
    `${ROUTES.find((route) => route.id === 'listStacks')!.path}?no-such-parameter=1`,
    `${ROUTES[0]!.path}/no-such-endpoint`,
  ];
  const filePaths = [
    '/',
    '/projects/',
    '/projects',
    asset,
    '/robots.txt',
    exportPath(EXPORT_ROUTES[0]!.exportFile),
    '/no-such-page/',
    // Its own media type, by path (FILE_MEDIA_TYPES): an exact location in nginx.
    CONTRACT_DOCUMENT_PATH,
  ];
  const CODINGS = ['', 'gzip', 'br', 'gzip, deflate, br, zstd'];

  it('answers like an instance: status, body bytes, coding and the headers that matter', async () => {
    for (const path of [...apiPaths, ...filePaths]) {
      for (const coding of CODINGS) {
        const headers = { 'Accept-Encoding': coding, 'X-Request-Id': 'nginx-parity' };
        const [direct, proxied] = await Promise.all([raw(instances[0]!.url, path, headers), raw(nginx.url, path, headers)]);
        const where = `${path} [${coding}]`;
        expect(proxied.status, where).toBe(direct.status);
        expect(picked(proxied), where).toEqual(picked(direct));
        if (isApiPath(path.split('?')[0]!)) {
          expect(proxied.headers['etag'], where).toBe(direct.headers['etag']);
          expect(withoutTimestamp(decoded(proxied)), where).toBe(withoutTimestamp(decoded(direct)));
        } else {
          expect(proxied.body.equals(direct.body), `${where} body bytes`).toBe(true);
        }
      }
    }
  });

  it('answers other methods as an instance does', async () => {
    for (const method of ['OPTIONS', 'POST', 'DELETE']) {
      for (const path of ['/', '/projects/', apiPaths[0]!]) {
        const headers = { 'X-Request-Id': 'nginx-methods' };
        const [direct, proxied] = await Promise.all([raw(instances[0]!.url, path, headers, method), raw(nginx.url, path, headers, method)]);
        expect(proxied.status, `${method} ${path}`).toBe(direct.status);
        expect(picked(proxied), `${method} ${path}`).toEqual(picked(direct));
      }
    }
  });

  it('revalidates the files it serves with an ETag every instance honours too', async () => {
    for (const path of [asset, '/projects/']) {
      for (const coding of CODINGS) {
        const first = await raw(nginx.url, path, { 'Accept-Encoding': coding });
        const etag = String(first.headers['etag']);
        for (const base of [nginx.url, ...instances.map((instance) => instance.url)]) {
          const again = await raw(base, path, { 'Accept-Encoding': coding, 'If-None-Match': etag });
          expect(again.status, `${base}${path} [${coding}]`).toBe(304);
          expect(again.body.length).toBe(0);
        }
      }
    }
  });

  it('passes the client request id through, or sets its own', async () => {
    const api = apiPaths[0]!;
    const given = await raw(nginx.url, api, { 'X-Request-Id': 'client-chosen-id' });
    expect(given.headers['x-request-id']).toBe('client-chosen-id');
    const made = await raw(nginx.url, api);
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(made.body.toString()).request_id).toBe(made.headers['x-request-id']);
  });

  it('tells the instances the client address in X-Forwarded-For, which a client cannot forge', async () => {
    const api = apiPaths[0]!;
    const remaining = (answer: Raw) => Number(/;r=(\d+)/.exec(String(answer.headers['ratelimit']))?.[1]);
    // 127.0.0.3 is a client no other test uses (127.0.0.1, nginx itself, has sent hundreds): its
    // first request on an instance leaves all but one of its quota there. Each instance counts its
    // own clients, and nginx takes turns: four requests are two on each.
    const answers = [];
    for (let index = 0; index < 4; index += 1) {
      // Claiming to forward for someone else changes nothing: nginx appends what it saw.
      answers.push(await raw(nginx.url, api, { 'X-Forwarded-For': `198.51.100.${index}` }, 'GET', '127.0.0.3'));
    }
    expect(answers.map(remaining).sort()).toEqual([999_998, 999_998, 999_999, 999_999]);
  });

  it('limits each client fleet-wide with limit_req (429), never the files', async () => {
    const strict = await startNginx(
      instances.map((instance) => Number(new URL(instance.url).port)),
      { API_RATE: '1r/m', API_BURST: '2' },
    );
    try {
      const statuses = [];
      for (let index = 0; index < 5; index += 1) statuses.push((await raw(strict.url, apiPaths[0]!)).status);
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.slice(3)).toEqual([429, 429]);
      expect((await raw(strict.url, '/projects/')).status).toBe(200);
    } finally {
      await strict.stop();
    }
  });

  /** nginx's own 429 for each path, from a limit of one request a minute (and one more in the burst). */
  async function refusedByNginx(paths: readonly string[], headers: Record<string, string>): Promise<Raw[]> {
    const strict = await startNginx(
      instances.map((instance) => Number(new URL(instance.url).port)),
      { API_RATE: '1r/m', API_BURST: '1' },
    );
    try {
      for (let index = 0; index < 2; index += 1) await raw(strict.url, paths[0]!, headers);
      return await Promise.all(paths.map((path) => raw(strict.url, path, headers)));
    } finally {
      await strict.stop();
    }
  }
  /** The API's 429 for each path, from an instance whose own limit refuses all but the first request. */
  async function refusedByInstance(paths: readonly string[], headers: Record<string, string>): Promise<Raw[]> {
    const limited = await startServer({ WEB_CONCURRENCY: '1', RATE_LIMIT: '1/60s' });
    try {
      await raw(limited.url, paths[0]!, headers);
      return await Promise.all(paths.map((path) => raw(limited.url, path, headers)));
    } finally {
      await limited.stop();
    }
  }
  /** The members, nested ones as `error.code`, in order. */
  const keysOf = (value: object, prefix = ''): string[] =>
    Object.entries(value).flatMap(([key, member]) => [
      `${prefix}${key}`,
      ...(member !== null && typeof member === 'object' && !Array.isArray(member) ? keysOf(member as object, `${prefix}${key}.`) : []),
    ]);
  // The envelope of an API error as the contract states it (strict: no member more, none less).
  const ErrorEnvelope = EnvelopeMetaSchema.extend({ payload: z.null(), error: ProblemSchema });

  it('limits every spelling an instance would answer as the API: a backslash is refused, never answered', async () => {
    const strict = await startNginx(
      instances.map((instance) => Number(new URL(instance.url).port)),
      { API_RATE: '1r/m', API_BURST: '2' },
    );
    try {
      const health = apiUrl('getHealth');
      // The plain spelling uses the quota up; then every other spelling is refused.
      const statuses = [];
      for (let index = 0; index < 5; index += 1) statuses.push((await raw(strict.url, health)).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      for (const spelling of [`/\\${health.slice(1)}`, `/.\\${health.slice(1)}`, health.replace('/', '\\'), `${MCP_PATH}\\`]) {
        const statuses = [];
        for (let index = 0; index < 4; index += 1) statuses.push((await raw(strict.url, spelling)).status);
        // Refused by the server (400), or by nginx's limit first where its location covers the spelling (429).
        expect(
          statuses.every((status) => status === 400 || status === 429),
          `${spelling}: ${statuses.join(' ')}`,
        ).toBe(true);
      }
    } finally {
      await strict.stop();
    }
  });

  it("closes a connection whose headers trickle in, within the server's header timeout", async () => {
    const { port } = new URL(nginx.url);
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: a\r\n'));
      const timer = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 1_000);
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(timer);
        resolve(Date.now() - started);
      });
      setTimeout(() => socket.destroy(), 20_000);
    });
    expect(closedAfter).toBeLessThan(13_000);
  }, 25_000);

  it("answers its 429 with the API's envelope: the same members, Content-Type and headers", async () => {
    const headers = { 'X-Request-Id': 'nginx-limited' };
    // Paths without an extension and with the extensions of two types nginx knows (http.conf).
    const paths = [routeById('listStacks').path, routeById('getContract').path, `${API_PREFIX}/no-such-endpoint.html`];
    const [fromNginx, fromApi] = await Promise.all([refusedByNginx(paths, headers), refusedByInstance(paths, headers)]);
    for (const [index, path] of paths.entries()) {
      const [nginxAnswer, apiAnswer] = [fromNginx[index]!, fromApi[index]!];
      expect([nginxAnswer.status, apiAnswer.status], path).toEqual([429, 429]);
      expect(nginxAnswer.headers['content-type'], path).toBe(apiAnswer.headers['content-type']);
      const nginxEnvelope = ErrorEnvelope.parse(JSON.parse(nginxAnswer.body.toString()));
      const apiEnvelope = ErrorEnvelope.parse(JSON.parse(apiAnswer.body.toString()));
      expect(keysOf(nginxEnvelope), path).toEqual(keysOf(apiEnvelope));
      // The request's own members, as the instance writes them.
      expect(nginxEnvelope, path).toMatchObject({ request_id: 'nginx-limited', method: 'GET', path, query: {} });
      expect(apiEnvelope, path).toMatchObject({ request_id: 'nginx-limited', method: 'GET', path, query: {} });
      const { detail: nginxDetail, ...nginxProblem } = nginxEnvelope.error;
      const { detail: apiDetail, ...apiProblem } = apiEnvelope.error;
      expect(nginxProblem, path).toEqual(apiProblem);
      // Its own words and wait: the limit is the fleet's (1 request a minute), with no RateLimit quota to count down.
      expect(nginxDetail).not.toBe(apiDetail);
      expect(nginxDetail).toBe('Too many requests from this address across the fleet. Retry in 60 s.');
      expect(nginxAnswer.headers['retry-after']).toBe('60');
      // Every other header of the API's 429, with its value; but Vary: the instance may compress its
      // 429 (Accept-Encoding), nginx never compresses its own.
      const own = ['date', 'connection', 'keep-alive', 'content-length', 'ratelimit', 'ratelimit-policy', 'retry-after', 'vary'];
      const shared = Object.keys(apiAnswer.headers).filter((name) => !own.includes(name));
      expect(shared).toContain('access-control-allow-origin');
      expect(Object.fromEntries(shared.map((name) => [name, nginxAnswer.headers[name]])), path).toEqual(
        Object.fromEntries(shared.map((name) => [name, apiAnswer.headers[name]])),
      );
    }
  });

  const loadPaths = [...apiPaths.slice(0, 6), '/', asset];

  it('fails nothing while nginx reloads under load', async () => {
    // nginx's old workers close their idle keep-alive connections at once on a reload: a request
    // crossing that close is retried, as browsers do (see startLoad); nothing may fail otherwise.
    const load = startLoad(nginx.url, { connections: 8, paths: loadPaths, retryClosedIdle: true });
    await sleep(500);
    nginx.reload();
    await sleep(1_000);
    nginx.reload();
    await sleep(1_000);
    const sent = await load.stop();
    const failures = sent.filter(failed);
    console.log(
      JSON.stringify({
        test: 'nginx reload',
        sent: sent.length,
        retried: sent.filter((each) => each.retried).length,
        failed: failures.length,
        reasons: [...new Set(failures.map((each) => each.error ?? each.status))],
      }),
    );
    expect(sent.length).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });

  it('fails no GET when an instance dies under load', async () => {
    const load = startLoad(nginx.url, { connections: 8, paths: loadPaths });
    await sleep(700);
    const victim = instances[0]!;
    // The whole instance at once, as a machine that dies: its workers, then its primary.
    for (const pid of allWorkers(victim.output())) process.kill(pid, 'SIGKILL');
    victim.process.kill('SIGKILL');
    await victim.exited;
    await sleep(1_500);
    const sent = await load.stop();
    console.log(JSON.stringify({ test: 'nginx instance killed', sent: sent.length, failed: sent.filter(failed).length }));
    expect(sent.length).toBeGreaterThan(100);
    expect(sent.filter(failed)).toEqual([]);
  });

  it('stops on SIGTERM and leaves nothing behind', async () => {
    const { workDir } = nginx;
    const pidFile = join(workDir, 'nginx.pid');
    expect(existsSync(pidFile)).toBe(true);
    const master = Number(readFileSync(pidFile, 'utf8'));
    const exit = await nginx.stop();
    expect(exit.code).toBe(0);
    expect(existsSync(workDir)).toBe(false);
    expect(() => process.kill(master, 0)).toThrow();
    await expect(fetch(nginx.url)).rejects.toThrow();
  });
});
