/**
 * Every fenced block marked ```sh runnable in the repository's Markdown runs, as written, against
 * the built server: bash with -e and pipefail, from the repository root. The docs address the
 * server as http://localhost:4321 (the default of `npm start`); the test points that at its own.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { readRepositoryDocs, RUNNABLE_INFO } from '../../scripts/lib/markdown-docs.ts';

const baseUrl = inject('baseUrl');
const DOCUMENTED_ORIGIN = 'http://localhost:4321';

const blocks = readRepositoryDocs(process.cwd()).flatMap((doc) =>
  doc.runnable.map((block) => ({ where: `${doc.file}:${block.line}`, code: block.code })),
);

/** Runs one block; its output comes back with the exit code so a failure shows what it printed. */
function runBlock(code: string) {
  const script = code.replaceAll(DOCUMENTED_ORIGIN, baseUrl.replace(/\/$/, ''));
  const run = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', script], { encoding: 'utf8', timeout: 20_000 });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe(`\`${RUNNABLE_INFO}\` blocks`, () => {
  it('the API guide has runnable examples', () => {
    expect(blocks.filter(({ where }) => where.startsWith('docs/api.md:')).length).toBeGreaterThanOrEqual(5);
  });

  it.each(blocks.map((block) => [block.where, block] as const))('%s runs', (_where, block) => {
    const result = runBlock(block.code);
    expect(result.status, result.output).toBe(0);
  });

  it('a block that fails turns the test red', () => {
    expect(runBlock(`curl -fsS ${DOCUMENTED_ORIGIN}/api/no-such-route > /dev/null`).status).not.toBe(0);
  });
});
