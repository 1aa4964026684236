/**
 * The README's test command on a fresh machine: `npm test` (its pretest) and .ci/run run
 * scripts/system-packages.sh, which installs Chromium and nginx when they are missing, in one
 * announced line, or names them and the command in one line without root. A fresh machine is
 * simulated in a mount namespace (unshare) where /usr/bin/chromium and /usr/sbin/nginx are
 * /dev/null, not executable; apt-get is a stand-in that records its arguments. Nothing is uninstalled.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const SCRIPT = 'scripts/system-packages.sh';
const PACKAGES = 'chromium fonts-dejavu-core fonts-liberation nginx-light libnginx-mod-http-brotli-static';
/** The module deploy/nginx/local.sh loads. */
const BROTLI_MODULE = /^brotli_module=(.+)$/m.exec(readFileSync('deploy/nginx/local.sh', 'utf8'))![1]!;
/** /dev/null over a file: not executable, and not a regular file. */
const hide = (...paths: string[]) => paths.map((path) => `mount --bind /dev/null ${path}`).join(' && ');
const HIDE = hide('/usr/bin/chromium', '/usr/sbin/nginx', BROTLI_MODULE);
const NOBODY = 'setpriv --reuid 65534 --regid 65534 --clear-groups';

const bin = mkdtempSync(join(tmpdir(), 'system-packages-'));
const calls = join(bin, 'apt-get.calls');
writeFileSync(join(bin, 'apt-get'), `#!/bin/sh\necho "$*" >> ${calls}\n`);
chmodSync(join(bin, 'apt-get'), 0o755);
chmodSync(bin, 0o755);
afterAll(() => rmSync(bin, { recursive: true, force: true }));

/**
 * What nobody runs, in a folder nobody may read: the checkout itself may sit in one only root enters
 * (root's home, any mktemp -d). The script, what it reads, and package.json (for `npm test`).
 */
const readable = join(bin, 'checkout');
for (const file of ['package.json', SCRIPT, 'deploy/nginx/local.sh']) {
  mkdirSync(dirname(join(readable, file)), { recursive: true });
  copyFileSync(file, join(readable, file));
}

/** Runs `command` on this machine as a fresh one: no Chromium, no nginx, the stand-in apt-get first on PATH. */
function onFreshMachine(command: string, { asNobody = false, hidden = HIDE } = {}) {
  const { CHROMIUM_PATH: _elsewhere, ...inherited } = process.env;
  // npm's own settings stay out: under `npm run --ignore-scripts test` (verify, .ci/run) the nested
  // `npm test` would inherit npm_config_ignore_scripts and skip the pretest this file is about.
  const fresh = Object.fromEntries(Object.entries(inherited).filter(([name]) => !name.startsWith('npm_')));
  const env = { ...fresh, PATH: `${bin}:${process.env['PATH'] ?? ''}`, HOME: bin };
  const run = spawnSync(
    'unshare',
    ['--mount', '--propagation', 'private', 'sh', '-c', `${hidden} && exec ${asNobody ? `${NOBODY} ` : ''}${command}`],
    {
      env,
      encoding: 'utf8',
      timeout: 60_000,
      ...(asNobody ? { cwd: readable } : {}),
    },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Whether this machine can make such a namespace (root, with Chromium and nginx where Debian puts them). */
function canSimulate(): boolean {
  return spawnSync('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', HIDE], { stdio: 'ignore' }).status === 0;
}

describe('scripts/system-packages.sh', () => {
  it('says nothing and succeeds when the packages are there', () => {
    const run = spawnSync('bash', [SCRIPT], { encoding: 'utf8' });
    if (run.status !== 0) expect(run.stderr).toMatch(/^system-packages: the tests need Debian's .+: run sudo apt-get/);
    else expect(`${run.stdout}${run.stderr}`).toBe('');
  });

  it('is what npm test runs first, and what .ci/run runs', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(scripts['pretest']).toMatch(/^bash scripts\/system-packages\.sh && /);
    // Beside `npm ci`, and awaited before the gates: its failure stops CI.
    expect(readFileSync('.ci/run', 'utf8')).toMatch(
      /\nbash scripts\/system-packages\.sh &\n(.*\n)*npm ci\nwait "\$system_packages"\n(.*\n)*npm run verify\n/,
    );
  });
});

describe.runIf(canSimulate())('on a fresh machine', () => {
  it('as root: installs what is missing, announced in one line', () => {
    rmSync(calls, { force: true });
    const run = onFreshMachine(`bash ${SCRIPT}`);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe(`system-packages: installing Debian's ${PACKAGES} for the browser and nginx suites\n`);
    expect(readFileSync(calls, 'utf8')).toBe(`update -qq\ninstall -y -qq --no-install-recommends ${PACKAGES}\n`);
  });

  it('nginx without its Brotli module: installs the module alone', () => {
    rmSync(calls, { force: true });
    const run = onFreshMachine(`bash ${SCRIPT}`, { hidden: hide(BROTLI_MODULE) });
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(calls, 'utf8')).toBe('update -qq\ninstall -y -qq --no-install-recommends libnginx-mod-http-brotli-static\n');
  });

  it('without root or sudo: one line naming the packages and the command, exit 1', () => {
    const run = onFreshMachine(`bash ${SCRIPT}`, { asNobody: true });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `system-packages: the tests need Debian's ${PACKAGES}, not installed: run sudo apt-get update && sudo apt-get install -y --no-install-recommends ${PACKAGES}\n`,
    );
  });

  it('npm test stops at that line before any suite runs', () => {
    const run = onFreshMachine('npm test', { asNobody: true });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(`system-packages: the tests need Debian's ${PACKAGES}, not installed`);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/site:export: |RUN/);
  });
});
