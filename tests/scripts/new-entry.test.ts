/**
 * `npm run new -- <collection> <slug>` (scripts/new-entry.ts) on a copy of the content: it writes
 * the entry once, refuses to overwrite it, and suggests what a mistyped argument stood for. What the
 * new entry holds is tested in process in tests/catalog/new-entry.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newEntryText } from '../../src/catalog/new-entry.ts';

describe('npm run new', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'new-entry-'));
    cpSync('content', join(root, 'content'), { recursive: true });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** Runs the script in the temporary root; returns the exit status and both outputs. */
  function run(...args: string[]): { status: number; stdout: string; stderr: string } {
    try {
      const stdout = execFileSync(process.execPath, [join(process.cwd(), 'scripts/new-entry.ts'), ...args], {
        cwd: root,
        encoding: 'utf8',
        stdio: 'pipe',
      });
      return { status: 0, stdout, stderr: '' };
    } catch (error) {
      return error as { status: number; stdout: string; stderr: string };
    }
  }

  it('writes the file once, then refuses to overwrite it', () => {
    const first = run('stacks', 'bun');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^new: wrote content\/stacks\/bun\.yaml with \d+ to-dos\./);
    expect(readFileSync(join(root, 'content/stacks/bun.yaml'), 'utf8')).toBe(newEntryText('stacks', 'bun'));
    const second = run('stacks', 'bun');
    expect(second.status).toBe(1);
    expect(second.stderr).toContain('new: content/stacks/bun.yaml already exists; choose another slug or edit that file.');
  });

  it('suggests the collection and the slug it was probably meant to be', () => {
    expect(run('stack', 'bun').stderr).toContain('new: "stack" is not a collection. Did you mean "stacks"?');
    expect(run('stacks', 'Bun JS').stderr).toContain('new: "Bun JS" is not a slug (lowercase kebab-case). Did you mean "bun-js"?');
    expect(existsSync(join(root, 'content/stack'))).toBe(false);
  });
});
