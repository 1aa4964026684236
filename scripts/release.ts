/**
 * `npm run release`: deploys the checkout as it is, without touching the release being served.
 *
 *   SITE_URL=… npm run release [-- --server-pid PID] [--nginx-reload 'COMMAND'] [--keep N] [--name NAME]
 *
 * 1. Builds into a folder of its own, releases/<UTC time>-<commit>-<build id> (or --name). A build
 *    is reproducible, so when dist/ or a kept release was built from the same inputs it is copied
 *    instead (a rollback to a kept commit takes a second).
 * 2. Refuses a folder that exists already, above all the one releases/current points at, and a
 *    SITE_URL other than the served release's (unless --site-url-change).
 * 3. Points releases/current at the new folder atomically: a new symlink renamed over the old one.
 * 4. Reloads: SIGHUP to the server's primary (--server-pid; its workers resolve the symlink when they
 *    start), then runs --nginx-reload (nginx's site follows the symlink; the reload reads the new
 *    build's include files).
 * 5. Keeps the newest --keep releases (default 3, at least 2), never the one served nor the one it
 *    replaced, whose workers may still be draining.
 *
 * RELEASES_DIR (relative to the project root, default releases) puts the releases elsewhere inside the
 * checkout: the builds import packages from its node_modules.
 */
import { execFileSync, execSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BUILD_RECORD, buildInputs, staleReasons, type BuildInputs } from '../src/integrations/build-inputs.ts';

const root = fileURLToPath(new URL('../', import.meta.url));

/** One clear line and exit 1. */
function fail(message: string): never {
  console.error(`release: ${message}`);
  process.exit(1);
}

const OPTIONS = {
  'server-pid': { type: 'string' },
  'nginx-reload': { type: 'string' },
  keep: { type: 'string', default: '3' },
  name: { type: 'string' },
  'site-url-change': { type: 'boolean', default: false },
} as const;
let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];
try {
  ({ values } = parseArgs({ options: OPTIONS }));
} catch (error) {
  fail(
    `${error instanceof Error ? error.message : String(error)} (options: ${Object.keys(OPTIONS)
      .map((name) => `--${name}`)
      .join(', ')})`,
  );
}

const keep = Number(values.keep);
if (!Number.isInteger(keep) || keep < 2)
  fail(`--keep must be a whole number of at least 2 (the served release and the one before): ${values.keep}`);
const serverPid = values['server-pid'] === undefined ? undefined : Number(values['server-pid']);
if (serverPid !== undefined && !(Number.isInteger(serverPid) && serverPid > 0))
  fail(`--server-pid must be a process id: ${values['server-pid']}`);

const releasesLabel = process.env['RELEASES_DIR'] ?? 'releases';
const releases = join(root, releasesLabel);
const current = join(releases, 'current');
mkdirSync(releases, { recursive: true });

/** The folder releases/current points at, or undefined before the first release. */
function servedFolder(): string | undefined {
  if (!existsSync(current)) return undefined;
  if (!lstatSync(current).isSymbolicLink())
    fail(`${releasesLabel}/current is a folder, not a symlink: move it into ${releasesLabel}/ under a name and link current to it`);
  return realpathSync(current);
}

/** The commit of the checkout, short, with -dirty when files differ from it; '' outside git. */
function commit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head}-dirty` : head;
  } catch {
    return '';
  }
}

/** The inputs a build folder records, or undefined when it holds no complete build. */
function recordedInputs(folder: string): BuildInputs | undefined {
  if (!existsSync(join(folder, 'server/entry.mjs')) || !existsSync(join(folder, 'client/index.html'))) return undefined;
  try {
    return JSON.parse(readFileSync(join(folder, BUILD_RECORD), 'utf8')) as BuildInputs;
  } catch {
    return undefined;
  }
}

const inputs = buildInputs(root);
const time = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');
const name = values.name ?? [time, commit(), inputs.id].filter(Boolean).join('-');
if (name === 'current' || basename(name) !== name || name.startsWith('.'))
  fail(`--name must be a plain folder name other than current: ${name}`);
const target = join(releases, name);
const served = servedFolder();
if (served !== undefined && existsSync(target) && realpathSync(target) === served) {
  fail(
    `refusing ${releasesLabel}/${name}: it is being served (${releasesLabel}/current points at it); a release never writes into the served folder`,
  );
}
// The build's absolute URLs come from SITE_URL: a shell without the server's would publish wrong links.
const servedSiteUrl = served === undefined ? undefined : recordedInputs(served)?.siteUrl;
if (servedSiteUrl !== undefined && servedSiteUrl !== inputs.siteUrl && !values['site-url-change']) {
  fail(
    `SITE_URL is ${inputs.siteUrl} but the served release was built for ${servedSiteUrl}: set SITE_URL=${servedSiteUrl} (or pass --site-url-change to move the site)`,
  );
}
if (existsSync(target)) fail(`refusing ${releasesLabel}/${name}: it exists already; name the release otherwise`);

// 1. Build, or copy a build of the same inputs.
const candidates = [
  join(root, 'dist'),
  ...readdirSync(releases)
    .filter((entry) => entry !== 'current')
    .map((entry) => join(releases, entry)),
];
const same = candidates.find((folder) => {
  const recorded = recordedInputs(folder);
  return recorded !== undefined && staleReasons(recorded, inputs).length === 0;
});
try {
  if (same) {
    console.log(`release: copying build ${inputs.id} from ${relative(root, same)}/ into ${releasesLabel}/${name}/ (same inputs)`);
    cpSync(same, target, { recursive: true, verbatimSymlinks: true });
  } else {
    console.log(`release: building ${inputs.id} into ${releasesLabel}/${name}/`);
    execFileSync(process.execPath, [join(root, 'scripts/ensure-build.ts')], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DIST_DIR: relative(root, target) },
    });
  }
} catch {
  // The build printed why.
  rmSync(target, { recursive: true, force: true });
  fail(`no release: the build of ${releasesLabel}/${name}/ failed (above); ${releasesLabel}/current is unchanged`);
}
if (recordedInputs(target)?.id !== inputs.id) {
  rmSync(target, { recursive: true, force: true });
  fail(`${releasesLabel}/${name}/ does not hold build ${inputs.id}; ${releasesLabel}/current is unchanged`);
}

// 2. Switch: rename(2) replaces the old symlink in one step, so every reader sees one release or the other.
const staged = join(releases, `.current-${process.pid}`);
rmSync(staged, { force: true });
symlinkSync(name, staged);
renameSync(staged, current);
console.log(`release: ${releasesLabel}/current -> ${name}${served ? ` (was ${basename(served)})` : ''}`);

// 3. Reload.
if (serverPid !== undefined) {
  try {
    process.kill(serverPid, 'SIGHUP');
  } catch (error) {
    fail(
      `cannot signal the server's primary (pid ${serverPid}): ${error instanceof Error ? error.message : String(error)}; ${releasesLabel}/current already points at ${name}`,
    );
  }
  console.log(`release: SIGHUP sent to the server (pid ${serverPid}): its workers restart on ${name}, one at a time`);
}
if (values['nginx-reload'] !== undefined) {
  try {
    execSync(values['nginx-reload'], { cwd: root, stdio: 'inherit' });
  } catch (error) {
    // nginx printed why; it keeps serving with its old configuration, files from the new release.
    fail(
      `${values['nginx-reload']} failed (exit ${(error as { status?: number }).status ?? '?'}); ${releasesLabel}/current already points at ${name}: fix nginx, then reload it`,
    );
  }
  console.log(`release: nginx reloaded (${values['nginx-reload']})`);
}

// 4. Keep the newest releases, the served one and the one it replaced.
const kept = new Set([realpathSync(target), ...(served ? [served] : [])]);
const folders = readdirSync(releases)
  .filter((entry) => entry !== 'current' && !entry.startsWith('.'))
  .map((entry) => join(releases, entry))
  .filter((folder) => lstatSync(folder).isDirectory())
  .sort((a, b) => lstatSync(b).mtimeMs - lstatSync(a).mtimeMs);
for (const folder of folders.slice(0, keep)) kept.add(realpathSync(folder));
const removed = folders.filter((folder) => !kept.has(realpathSync(folder)) && readlinkSync(current) !== basename(folder));
for (const folder of removed) rmSync(folder, { recursive: true, force: true });
if (removed.length > 0) console.log(`release: removed ${removed.map((folder) => basename(folder)).join(', ')} (keeping ${keep})`);
