/**
 * `npm run site:export` (scripts/site-export.ts) as editors and CI run it: on the shipped content it
 * writes the eleven artifacts deterministically, with no absolute path and no clock time; on broken
 * content it exits 1 with one editor-facing line per mistake, as every script that reads content
 * does (scripts/lib/content-exit.ts). Each kind of mistake and its message
 * is tested in process, without spawning the script, in tests/catalog/validate.test.ts.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { writeArtifacts } from '../../scripts/lib/artifacts.ts';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'site-export-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs one of the project's scripts in `cwd`; returns its exit status and stderr. */
function runScript(cwd: string, script: string, args: readonly string[]): { status: number; stderr: string } {
  const run = spawnSync(process.execPath, [join(process.cwd(), script), ...args], { cwd, encoding: 'utf8' });
  return { status: run.status ?? 1, stderr: run.stderr };
}

/** Runs site:export in `cwd` on a content folder. */
const siteExport = (cwd: string, content: string, out: string) =>
  runScript(cwd, 'scripts/site-export.ts', ['--content', content, '--out', out]);

/** Every file under a folder with its bytes, keyed by public path. */
function snapshotFolder(folder: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((item) => item.isFile())
      .map((item) => {
        const path = join(item.parentPath, item.name);
        return [path.slice(folder.length), readFileSync(path, 'base64')];
      }),
  );
}

describe('site:export on the shipped content', () => {
  let written: Record<string, string>;
  beforeAll(() => {
    // Run outside the project, so an absolute path of the project in an artifact stands out.
    expect(siteExport(root, join(process.cwd(), 'content'), join(root, 'a'))).toEqual({ status: 0, stderr: '' });
    written = snapshotFolder(join(root, 'a'));
  });

  it('writes the nine exports, llms.txt and robots.txt', () => {
    expect(Object.keys(written).sort()).toEqual([
      '/data/site-audit.json',
      '/data/site-capabilities.json',
      '/data/site-catalog.json',
      '/data/site-categories.json',
      '/data/site-discovery.json',
      '/data/site-operations.json',
      '/data/site-portfolio.json',
      '/data/site-projects.json',
      '/data/site-stacks.json',
      '/llms.txt',
      '/robots.txt',
    ]);
  });

  it('writes the same bytes as another run, in another process', () => {
    writeArtifacts(loadCatalogFromFiles(), join(root, 'b'));
    expect(snapshotFolder(join(root, 'b'))).toEqual(written);
  });

  it('writes no absolute path and no clock time into the artifacts', () => {
    const text = Object.values(written)
      .map((base64) => Buffer.from(base64, 'base64').toString('utf8'))
      .join('\n');
    expect(text).not.toContain(process.cwd());
    // Today's date may appear only as the time of a commit (content committed today), never the clock's.
    const commitTimes = new Set(
      execFileSync('git', ['log', '--format=%cI'], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line !== '')
        .map((time) => new Date(time).toISOString()),
    );
    const today = text.match(new RegExp(`${new Date().toISOString().slice(0, 10)}T[\\d:.]+Z`, 'g')) ?? [];
    expect(today.filter((time) => !commitTimes.has(time))).toEqual([]);
  });
});

describe('site:export on broken content', () => {
  /** A copy of the project's content with one mistake: an English text left out. */
  let project: string;
  beforeAll(() => {
    project = join(root, 'broken');
    cpSync('content', join(project, 'content'), { recursive: true });
    const file = join(project, 'content/stacks/nginx.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^(summary:\n)\s+en-US: .*\n/m, '$1'));
  });
  const message =
    'Content validation failed with 1 problem:\n' +
    '  - content/stacks/nginx.yaml: field "summary.en-US" has value (missing): the English (en-US) text is missing. Add a "en-US:" line under "summary" with the English text.\n';

  it('exits 1 with one editor-facing line per mistake, and nothing else', () => {
    expect(siteExport(project, 'content', join(project, 'out'))).toEqual({ status: 1, stderr: `site:export: ${message}` });
  });

  // Every other script that reads content/ answers the mistake the same way (scripts/lib/content-exit.ts), not with a stack trace.
  it.each([
    ['contract:gate', 'scripts/contract-gate.ts', []],
    ['lint-contract', 'scripts/lint-contract.ts', []],
    ['matrix:check', 'scripts/matrix-check.ts', []],
    ['catalog:synth', 'scripts/catalog-synth.ts', ['--scale', '2', '--out', 'synth']],
  ])('%s exits 1 with the same message', (name, script, args) => {
    expect(runScript(project, script, args)).toEqual({ status: 1, stderr: `${name}: ${message}` });
  });

  it('passes a missing translation with one warning naming the file and field', () => {
    const untranslated = join(root, 'untranslated');
    cpSync('content', join(untranslated, 'content'), { recursive: true });
    const file = join(untranslated, 'content/stacks/nginx.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^(summary:\n\s+en-US: .*\n)\s+pt-BR: .*\n/m, '$1'));
    expect(siteExport(untranslated, 'content', join(untranslated, 'out'))).toEqual({
      status: 0,
      stderr:
        'site:export: warning: content/stacks/nginx.yaml: field "summary": no pt-BR text yet, so the Portuguese site shows the English; add it.\n',
    });
  });
});
