/**
 * docs/deploy.md's deploy, as an operator runs it, in a copy of the project: the server on
 * releases/current, nginx (deploy/nginx/local.sh) serving releases/current, and two `npm run release`
 * in a row under a steady GET load through both. The first deploy builds a changed entry; the
 * second builds the entry as it was, which `npm run release` copies from the kept first release
 * (the same inputs: builds are reproducible), so one real build runs under load. It runs alone, after
 * the other loopback files (vitest.config.ts: the `release` project): `npx vitest run --project release`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl } from '../../src/routes/urls.ts';
import { sleep, startLoad, type Sent } from '../support/load.ts';
import { nginxInstalled, startNginx, type RunningNginx } from '../support/nginx.ts';
import { eventually } from '../support/processes.ts';
import { copyProject } from '../support/project-copy.ts';
import { freePort, spawnCaptured } from '../../scripts/lib/run-server.ts';

const root = process.cwd();
const distDir = join(root, process.env['DIST_DIR'] ?? 'dist');
const entryFile = 'content/stacks/astro.yaml';
const page = '/stacks/astro/';
const original = 'Our default for content-driven sites';
const changed = 'Release marker, a changed entry';
const healthPath = apiUrl('getHealth');
const DEBIAN_NGINX_CONF = '/etc/nginx/nginx.conf';

let copy: string;
let server: ReturnType<typeof spawnCaptured>;
let serverUrl: string;
let nginx: RunningNginx;

/**
 * `npm run release -- args` in the copy, as an operator types it. Spawned, not spawnSync: the load
 * keeps running in this process while the release builds.
 */
async function release(args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<{ status: number | null; output: string }> {
  const { DIST_DIR: _served, ...env } = process.env;
  const child = spawn('npm', ['run', '--silent', 'release', '--', ...args], {
    cwd: copy,
    env: { ...env, ASTRO_TELEMETRY_DISABLED: '1', ...extraEnv },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [status] = (await once(child, 'exit')) as [number | null];
  return { status, output };
}

/** The release folders of the copy, without `current`. */
const releaseFolders = () => readdirSync(join(copy, 'releases')).filter((name) => name !== 'current');
const served = () => readlinkSync(join(copy, 'releases/current'));

async function text(url: string): Promise<string> {
  return (await fetch(url)).text();
}
async function buildOf(url: string): Promise<string> {
  // A draining worker answers 503 with no payload: not on any build.
  const body = (await (await fetch(`${url}${healthPath}`)).json()) as { payload: { build: string } | null };
  return body.payload?.build ?? '';
}
/** Whether the server has finished `count` rolling reloads ("reloaded" in its log) and answers with `build`. */
async function reloaded(count: number, build: string): Promise<boolean> {
  for (const end = Date.now() + 30_000; Date.now() < end; await sleep(100)) {
    if (server.output().split('"message":"reloaded"').length - 1 >= count && (await buildOf(serverUrl)) === build) return true;
  }
  return false;
}
const buildIdOf = (name: string) => (JSON.parse(readFileSync(join(copy, 'releases', name, 'build.json'), 'utf8')) as { id: string }).id;

/** The copy's server as the systemd unit runs it (DIST_DIR=releases/current), on serverUrl's port. */
async function startCopyServer(): Promise<void> {
  server = spawnCaptured(join(copy, 'node_modules/.bin/node'), [join(copy, 'server/index.ts')], {
    ...process.env,
    PORT: new URL(serverUrl).port,
    HOST: '127.0.0.1',
    WEB_CONCURRENCY: '2',
    RATE_LIMIT: 'off',
    LOG_REQUESTS: 'off',
    DIST_DIR: 'releases/current',
  });
  expect(await eventually(() => server.output().includes('"message":"listening"'), 30_000), server.output()).toBe(true);
}

describe.runIf(nginxInstalled())('two deploys in a row under load', () => {
  beforeAll(async () => {
    copy = copyProject(root);
    // Readable by nginx's workers (nobody), as a checkout under /srv is.
    chmodSync(copy, 0o755);
    // The checkout's build as dist/, as `npm run build` leaves it: the first release copies it (and
    // builds when there is none).
    if (existsSync(distDir)) cpSync(distDir, join(copy, 'dist'), { recursive: true });
    const first = await release([]);
    expect(first.status, first.output).toBe(0);
    const port = await freePort();
    serverUrl = `http://127.0.0.1:${port}`;
    await startCopyServer();
    nginx = await startNginx(
      [port],
      { DIST_DIR: 'releases/current', API_RATE: '100000r/s', API_BURST: '100000' },
      join(copy, 'deploy/nginx/local.sh'),
    );
  });
  afterAll(async () => {
    await nginx?.stop();
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('answer only 2xx and 304, and end with nginx and the server on the new release', { timeout: 240_000 }, async () => {
    const paths = [page, '/', apiUrl('listStacks'), `${apiUrl('listStacks')}/astro`, '/robots.txt'];
    const [firstRelease] = releaseFolders();
    const firstBuild = buildIdOf(firstRelease!);
    // A GET crossing the close of an idle keep-alive connection (nginx's old workers close theirs at a
    // reload, draining workers theirs) is sent again, as browsers do (see startLoad); nothing else is.
    const loads = [nginx.url, serverUrl].map((url) => startLoad(url, { connections: 2, paths, retryClosedIdle: true }));
    const started = performance.now();

    // A stale build is never rebuilt in place: the symlink's folder is a release, maybe served.
    const entry = readFileSync(join(copy, entryFile), 'utf8');
    writeFileSync(join(copy, entryFile), entry.replace(original, changed));
    const inPlace = spawnSync('npx', ['node', 'scripts/ensure-build.ts'], {
      cwd: copy,
      env: { ...process.env, DIST_DIR: 'releases/current' },
      encoding: 'utf8',
    });
    expect(inPlace.status).toBe(1);
    expect(inPlace.stderr).toContain('is a symlink to a release: run npm run release');

    const reload = ['--server-pid', String(server.child.pid), '--nginx-reload', nginx.reloadCommand];
    const deployA = await release(reload);
    expect(deployA.status, deployA.output).toBe(0);
    expect(deployA.output).toContain('release: building');
    const releaseA = served();
    expect(await reloaded(1, buildIdOf(releaseA)), server.output().slice(-2_000)).toBe(true);
    expect(await text(`${nginx.url}${page}`)).toContain(changed);
    expect(await text(`${serverUrl}${page}`)).toContain(changed);

    writeFileSync(join(copy, entryFile), entry);
    const deployB = await release([...reload, '--keep', '2']);
    expect(deployB.status, deployB.output).toBe(0);
    expect(deployB.output).toContain(`release: copying build ${firstBuild} from `);
    const releaseB = served();
    expect(await reloaded(2, buildIdOf(releaseB)), server.output().slice(-2_000)).toBe(true);

    const sent: Sent[] = (await Promise.all(loads.map((load) => load.stop()))).flat();
    const seconds = (performance.now() - started) / 1000;
    const bad = sent.filter((request) => request.status === undefined || !(request.status < 300 || request.status === 304));
    const retried = sent.filter((request) => request.retried).length;
    console.log(
      `two deploys under load: ${sent.length} requests in ${seconds.toFixed(1)} s, ${bad.length} other than 2xx/304, ${retried} sent again`,
    );
    expect(bad.slice(0, 5)).toEqual([]);
    expect(sent.length).toBeGreaterThan(100);

    // After the second deploy: the changed page is back as it was, through nginx and directly.
    for (const url of [nginx.url, serverUrl]) {
      const body = await text(`${url}${page}`);
      expect(body).toContain(original);
      expect(body).not.toContain(changed);
    }
    // --keep 2: the first release went; the one replaced (its workers may still drain) stayed.
    expect(releaseFolders().sort()).toEqual([releaseA, releaseB].sort());
  });

  it('refuses to write into the served folder, and leaves current as it was', async () => {
    const before = served();
    const refused = await release(['--name', before]);
    expect(refused.status).toBe(1);
    expect(refused.output.trim()).toBe(
      `release: refusing releases/${before}: it is being served (releases/current points at it); a release never writes into the served folder`,
    );
    expect(served()).toBe(before);
    expect(existsSync(join(copy, 'releases', before, 'client/index.html'))).toBe(true);
    const elsewhere = await release([], { SITE_URL: 'https://elsewhere.example' });
    expect(elsewhere.status).toBe(1);
    expect(elsewhere.output.trim()).toBe(
      'release: SITE_URL is https://elsewhere.example but the served release was built for http://localhost:4321: set SITE_URL=http://localhost:4321 (or pass --site-url-change to move the site)',
    );
    expect(served()).toBe(before);
  });

  it('a code change: stop, npm run release, start as the systemd unit does', async () => {
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    const workerFile = join(copy, 'server/worker.ts');
    writeFileSync(workerFile, `${readFileSync(workerFile, 'utf8')}\nlog.info({ message: 'code change deployed' });\n`);
    const deployed = await release([]);
    expect(deployed.status, deployed.output).toBe(0);
    // The unit's ExecStartPre, then its ExecStart.
    const check = spawnSync(join(copy, 'node_modules/.bin/node'), ['scripts/ensure-build.ts', '--check'], {
      cwd: copy,
      env: { ...process.env, DIST_DIR: 'releases/current' },
      encoding: 'utf8',
    });
    expect(check.status, `${check.stdout}${check.stderr}`).toBe(0);
    await startCopyServer();
    expect(server.output().split('code change deployed').length - 1).toBe(2);
    expect(await text(`${serverUrl}${page}`)).toContain(original);
  });

  it.runIf(existsSync(DEBIAN_NGINX_CONF))(
    'renders an nginx site that keeps the symlink, and passes nginx -t under Debian nginx.conf without a warning',
    () => {
      const current = join(copy, 'releases/current');
      const site = spawnSync(join(copy, 'deploy/nginx/local.sh'), ['--print', '127.0.0.1:8080', '127.0.0.1:4321'], {
        env: { ...process.env, DIST_DIR: current },
        encoding: 'utf8',
      });
      expect(site.status, site.stderr).toBe(0);
      expect(site.stdout).toContain(`root ${current}/client;`);
      expect(site.stdout).toContain(`include ${current}/nginx/http.conf;`);
      const work = mkdtempSync(join(tmpdir(), 'nginx-debian-'));
      try {
        writeFileSync(join(work, 'site.conf'), site.stdout);
        // Debian's nginx.conf with the site where conf.d/*.conf is included, its own files kept out.
        const conf = readFileSync(DEBIAN_NGINX_CONF, 'utf8')
          .replace(/^pid .*$/m, `pid ${work}/nginx.pid;`)
          .replace(/^(\s*)access_log .*$/m, '$1access_log off;')
          .replace(/^(\s*)error_log .*$/m, '$1error_log stderr;')
          .replace('include /etc/nginx/conf.d/*.conf;', `include ${work}/site.conf;`)
          .replace(/^.*sites-enabled.*$/m, '');
        expect(conf).toContain(`include ${work}/site.conf;`);
        writeFileSync(join(work, 'nginx.conf'), conf);
        const test = spawnSync(
          existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx',
          ['-e', 'stderr', '-c', join(work, 'nginx.conf'), '-t'],
          {
            encoding: 'utf8',
          },
        );
        expect(test.status, test.stderr).toBe(0);
        expect(test.stderr).not.toMatch(/\[(warn|emerg)\]/);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  );
});
