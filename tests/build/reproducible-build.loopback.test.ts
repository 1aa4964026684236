/**
 * A build is a function of its inputs: built in another folder, dist/ is the same file for file,
 * byte for byte; and ensure-build (what `npm start` runs first) builds when dist/ is missing and
 * reports it stale, naming what changed, when an input changes. Reuses the global setup's build as
 * the first of the two.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject } from '../support/project-copy.ts';

const root = process.cwd();
const distDir = join(root, process.env['DIST_DIR'] ?? 'dist');
let copy: string;

/**
 * The copy has no .git of its own: it is the same commit when git reads this repository's history
 * with the copy as the work tree, so the entries' dates (src/catalog/history.ts) are the same.
 */
const sameCommit = () => ({
  GIT_DIR: spawnSync('git', ['rev-parse', '--absolute-git-dir'], { cwd: root, encoding: 'utf8' }).stdout.trim(),
  GIT_WORK_TREE: copy,
});

/** Runs ensure-build in the copy; returns its exit status and output. */
function ensureBuild(args: string[] = [], env: NodeJS.ProcessEnv = {}): { status: number | null; output: string } {
  const { DIST_DIR: _ignored, ...inherited } = process.env;
  const run = spawnSync(process.execPath, ['scripts/ensure-build.ts', ...args], {
    cwd: copy,
    env: { ...inherited, ASTRO_TELEMETRY_DISABLED: '1', ...sameCommit(), ...env },
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Every file under a folder, relative, sorted. */
function files(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

beforeAll(() => {
  copy = copyProject(root);
});
afterAll(() => {
  rmSync(copy, { recursive: true, force: true });
});

describe('a build in another folder', () => {
  it('is made by ensure-build when dist/ is missing, which says why', () => {
    // Another shell, too: variables that differ from machine to machine and that builds have picked up.
    const { status, output } = ensureBuild([], {
      _: '/elsewhere/bin/npm',
      CI: process.env['CI'] ? '' : 'true',
      PORT: '9',
      NODE_ENV: 'development',
      DEV: '',
      MODE: 'elsewhere',
    });
    expect(status, output.slice(-2_000)).toBe(0);
    expect(output).toContain('ensure-build: rebuilding dist/ because:\n  - no build in dist/');
  });

  it('is byte-identical to this folder’s build, every file of dist/', () => {
    const here = files(distDir);
    const there = files(join(copy, 'dist'));
    expect(there).toEqual(here);
    const differing = here.filter((file) => !readFileSync(join(distDir, file)).equals(readFileSync(join(copy, 'dist', file))));
    expect(differing).toEqual([]);
    // And no trace of either folder.
    const leaking = there.filter((file) => readFileSync(join(copy, 'dist', file)).includes(copy));
    expect(leaking).toEqual([]);
    console.log(JSON.stringify({ test: 'two-folder build', files_compared: here.length, differing: differing.length }));
  });

  it('is up to date for ensure-build, with the same build id as here', () => {
    const { status, output } = ensureBuild(['--check']);
    expect(status, output).toBe(0);
    const id = (JSON.parse(readFileSync(join(distDir, 'build.json'), 'utf8')) as { id: string }).id;
    expect(output).toContain(`dist/ is up to date (build ${id})`);
  });
});

describe('ensure-build on a stale dist/', () => {
  /** Applies an edit in the copy, checks, then restores the file. */
  function staleAfter(file: string, edit: (path: string) => void): { status: number | null; output: string } {
    const path = join(copy, file);
    const before = readFileSync(path);
    edit(path);
    try {
      return ensureBuild(['--check']);
    } finally {
      writeFileSync(path, before);
    }
  }

  it.each([
    ['a content file', `content/stacks/${readdirSync(join(root, 'content', 'stacks'))[0]}`],
    ['a source file', 'src/site/config.ts'],
    ['the configuration', 'astro.config.mjs'],
  ])('names %s that changed', (_label, file) => {
    const { status, output } = staleAfter(file, (path) => appendFileSync(path, '\n'));
    expect(status).toBe(1);
    expect(output).toContain(`dist/ is stale:\n  - 1 changed: ${file}`);
  });

  it('names a file added to public/', () => {
    const publicDir = join(copy, 'public');
    const existed = existsSync(publicDir);
    mkdirSync(publicDir, { recursive: true });
    const added = join(publicDir, 'added-for-the-test.txt');
    writeFileSync(added, 'new\n');
    try {
      const { status, output } = ensureBuild(['--check']);
      expect(status).toBe(1);
      expect(output).toContain('  - 1 added: public/added-for-the-test.txt');
    } finally {
      rmSync(existed ? added : publicDir, { recursive: true });
    }
  });

  it('names a different SITE_URL', () => {
    const built = (JSON.parse(readFileSync(join(copy, 'dist', 'build.json'), 'utf8')) as { siteUrl: string }).siteUrl;
    const { status, output } = ensureBuild(['--check'], { SITE_URL: 'https://elsewhere.example' });
    expect(status).toBe(1);
    expect(output).toContain(`SITE_URL changed from ${built} to https://elsewhere.example`);
  });

  it('is up to date again once the inputs are back', () => {
    expect(ensureBuild(['--check']).status).toBe(0);
  });
});
