/**
 * `npm run verify`: runs the six gates in canonical order, stops at the first failure, and ends
 * with a table of gate, result and seconds.
 */
import { spawnSync } from 'node:child_process';
import { GATE_NAMES } from './lib/gates.ts';

interface Result {
  gate: string;
  status: 'pass' | 'fail' | 'skipped';
  seconds: number | undefined;
}

// `--plan` prints the gate order without running anything (matrix:check reads it).
if (process.argv.includes('--plan')) {
  console.log(JSON.stringify(GATE_NAMES));
  process.exit(0);
}

const results: Result[] = [];
let failed = false;
for (const gate of GATE_NAMES) {
  if (failed) {
    results.push({ gate, status: 'skipped', seconds: undefined });
    continue;
  }
  console.log(`\n▶ npm run ${gate}`);
  const started = performance.now();
  // --ignore-scripts skips pretest/prebuild: site:export already ran as the first gate.
  const run = spawnSync('npm', ['run', '--silent', ...(gate === 'site:export' ? [] : ['--ignore-scripts']), gate], { stdio: 'inherit' });
  const seconds = (performance.now() - started) / 1000;
  failed = run.status !== 0;
  results.push({ gate, status: failed ? 'fail' : 'pass', seconds });
}

const rows = results.map((result) => [result.gate, result.status, result.seconds === undefined ? '-' : result.seconds.toFixed(1)]);
const widths = [4, 6, 7].map((min, column) => Math.max(min, ...rows.map((row) => row[column]!.length)));
const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
console.log(`\n${line(['gate', 'result', 'seconds'])}\n|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
for (const row of rows) console.log(line(row));
const total = results.reduce((sum, result) => sum + (result.seconds ?? 0), 0);
console.log(
  failed
    ? `\nverify: FAILED at ${results.find((result) => result.status === 'fail')?.gate}`
    : `\nverify: all ${GATE_NAMES.length} gates passed in ${total.toFixed(1)} s`,
);
process.exit(failed ? 1 : 0);
