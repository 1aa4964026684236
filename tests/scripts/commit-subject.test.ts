/** The commit convention the hook and the lint step share (scripts/lib/commit-subject.ts), and the hook itself. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitMessageProblems, MAX_SUBJECT } from '../../scripts/lib/commit-subject.ts';

describe('commit message convention', () => {
  it('accepts a subject of 72 characters, a blank line and a body', () => {
    expect(commitMessageProblems(`${'a'.repeat(MAX_SUBJECT)}\n\nBody with figures: 12 → 9 µs.\n`)).toEqual([]);
    expect(commitMessageProblems('Fix the link checker\n')).toEqual([]);
  });

  it('refuses a subject of 73 characters, counting characters rather than bytes', () => {
    expect(commitMessageProblems(`${'a'.repeat(MAX_SUBJECT + 1)}\n`)).toEqual([
      'the subject has 73 characters, over 72: move the figures to the body',
    ]);
    expect(commitMessageProblems(`${'µ'.repeat(MAX_SUBJECT)}\n`)).toEqual([]);
  });

  it('refuses a body that starts on the second line, and an empty subject', () => {
    expect(commitMessageProblems('Subject\nbody at once\n')).toEqual([
      'the second line is not blank: leave one blank line between the subject and the body',
    ]);
    expect(commitMessageProblems('\n\n# only a comment\n')).toEqual(['the subject is empty']);
  });

  it("skips git's comment lines and leading blank lines", () => {
    expect(commitMessageProblems('\n# Please enter the commit message\nShort subject\n\n# comment\nbody\n')).toEqual([]);
  });

  it('the commit-msg hook exits 1 on a long subject and 0 on a short one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'commit-msg-'));
    const run = (message: string) => {
      writeFileSync(join(dir, 'MSG'), message);
      return spawnSync('sh', ['.githooks/commit-msg', join(dir, 'MSG')], { encoding: 'utf8' });
    };
    const long = run(`${'Subject '.repeat(10)}\n`);
    expect(long.status).toBe(1);
    expect(long.stderr).toContain('over 72');
    expect(run('Add the link checker\n\nBody.\n').status).toBe(0);
  });
});
