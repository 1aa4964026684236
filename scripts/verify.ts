/**
 * `npm run verify`: runs the six gates, each as soon as the gates it needs have passed, so that
 * gates that wait and gates that compute share the cores; stops starting gates at the first failure,
 * and ends with a table of gate, result and seconds in the canonical order.
 *
 * The test gate's output streams as it runs; the others' is held and printed whole when each ends,
 * so that two gates never interleave their lines.
 */
import { spawn } from 'node:child_process';
import { GATE_NAMES, type GateName } from './lib/gates.ts';

interface Result {
  gate: string;
  status: 'pass' | 'fail' | 'skipped';
  seconds: number | undefined;
}

/**
 * What each gate needs first: site:export writes generated/, which the others read; the tests and
 * the matrix read the build, which the test gate's setup then finds up to date (ensure-build); and
 * lint's `astro check` writes .astro/ as `astro build` does, so the two never run at once.
 */
const NEEDS: Record<GateName, readonly GateName[]> = {
  'site:export': [],
  'format:check': ['site:export'],
  lint: ['build'],
  build: ['site:export'],
  test: ['build'],
  'matrix:check': ['build'],
};
/** The gate whose output streams: the longest, whose progress is worth seeing as it happens. */
const STREAMED: GateName = 'test';

// `--plan` prints the gate order without running anything (matrix:check reads it).
if (process.argv.includes('--plan')) {
  console.log(JSON.stringify(GATE_NAMES));
  process.exit(0);
}

/** Runs one gate; resolves with whether it passed and its seconds. */
function run(gate: GateName): Promise<{ passed: boolean; seconds: number }> {
  const started = performance.now();
  const streamed = gate === STREAMED;
  console.log(`\n▶ npm run ${gate}${streamed ? '' : ' (output when it ends)'}`);
  // --ignore-scripts skips pretest/prebuild: site:export runs as the first gate.
  const child = spawn('npm', ['run', '--silent', ...(gate === 'site:export' ? [] : ['--ignore-scripts']), gate], {
    stdio: ['ignore', streamed ? 'inherit' : 'pipe', streamed ? 'inherit' : 'pipe'],
  });
  const held: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (!streamed) process.stdout.write(`\n◀ npm run ${gate} (${seconds.toFixed(1)} s)\n${Buffer.concat(held).toString()}`);
      resolve({ passed: code === 0, seconds });
    });
  });
}

const results = new Map<GateName, Result>();
const running = new Map<GateName, Promise<void>>();
let failed = false;
/** Starts every gate whose needs have passed, until a gate fails; resolves when nothing runs. */
async function schedule(): Promise<void> {
  for (const gate of GATE_NAMES) {
    if (failed || results.has(gate) || running.has(gate)) continue;
    if (!NEEDS[gate].every((need) => results.get(need)?.status === 'pass')) continue;
    running.set(
      gate,
      run(gate).then(({ passed, seconds }) => {
        running.delete(gate);
        results.set(gate, { gate, status: passed ? 'pass' : 'fail', seconds });
        failed ||= !passed;
      }),
    );
  }
  if (running.size > 0) {
    await Promise.race(running.values());
    await schedule();
  }
}
const started = performance.now();
await schedule();

const ordered = GATE_NAMES.map((gate) => results.get(gate) ?? { gate, status: 'skipped' as const, seconds: undefined });
const rows = ordered.map((result) => [result.gate, result.status, result.seconds === undefined ? '-' : result.seconds.toFixed(1)]);
const widths = [4, 6, 7].map((min, column) => Math.max(min, ...rows.map((row) => row[column]!.length)));
const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
console.log(`\n${line(['gate', 'result', 'seconds'])}\n|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
for (const row of rows) console.log(line(row));
const total = (performance.now() - started) / 1000;
console.log(
  failed
    ? `\nverify: FAILED at ${ordered.find((result) => result.status === 'fail')?.gate}`
    : `\nverify: all ${GATE_NAMES.length} gates passed in ${total.toFixed(1)} s (gates run side by side where they can)`,
);
process.exit(failed ? 1 : 0);
