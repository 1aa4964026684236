/**
 * The bench as a program: importing it starts nothing (no folder, no process, no signal handler),
 * and its options are checked before anything runs, with a line naming the option, its value and
 * what it must be.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBenchOptions, UsageError } from '../../scripts/bench/options.ts';
import { classFigures } from '../../scripts/bench/side-by-side.ts';
import type { Sample } from '../../scripts/bench/measure.ts';
import { comparisonTable, comparisonVerdict, medianInterval, roundDifferences, type ClassResult } from '../../scripts/bench/report.ts';

describe('the bench', () => {
  it('does nothing when imported', async () => {
    const folders = () => (existsSync('.tmp') ? readdirSync('.tmp').filter((name) => name.startsWith('bench-')).length : 0);
    const before = { folders: folders(), sigint: process.listenerCount('SIGINT'), sigterm: process.listenerCount('SIGTERM') };
    const bench = await import('../../scripts/bench/run-bench.ts');
    expect(typeof bench.main).toBe('function');
    expect({ folders: folders(), sigint: process.listenerCount('SIGINT'), sigterm: process.listenerCount('SIGTERM') }).toEqual(before);
  });

  it('loads under node, which strips types only (npm run bench runs it so)', () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', "await import('./scripts/bench/run-bench.ts')"], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('reads its options, with the defaults docs/benchmark.md gives', () => {
    expect(parseBenchOptions([])).toEqual({
      connections: 32,
      duration: 5,
      runs: 3,
      warmup: 1,
      searches: 60,
      classes: undefined,
      scale: undefined,
      content: undefined,
      dist: undefined,
      installWrk: false,
      serverLog: undefined,
      against: undefined,
    });
    expect(parseBenchOptions(['--classes', 'detail,search', '--scale', '100', '--warmup', '0'])).toMatchObject({
      classes: ['detail', 'search'],
      scale: 100,
      warmup: 0,
    });
  });

  it.each([
    [['--runs', '0'], 'bench: --runs must be an integer up to 20, got 0'],
    [['--duration', '61'], 'bench: --duration must be an integer up to 60, got 61'],
    [['--connections', 'many'], 'bench: --connections must be an integer up to 1000, got many'],
    [['--against', '../old', '--scale', '100'], 'bench: --against compares two existing builds'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseBenchOptions(argv)).toThrow(UsageError);
    expect(() => parseBenchOptions(argv)).toThrow(message);
  });
});

describe('side by side', () => {
  it("reads each class's ratio CPU and CPU per request from the bench's table", () => {
    const markdown = [
      '### build in dist',
      '',
      '| class | request | response | req/s | CPU µs/req | p99 ms | floor req/s | floor CPU µs/req | ratio req/s | ratio CPU | cores server / floor / wrk | runs kept |',
      '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      '| detail | `/api/projects/docs-hub` | 200 identity 3.6 kB | 12,012 | 1,042.0 | 1.96 | 6,468 | 51.2 | 1.86 | 0.96 | 0.99 / 0.98 / 0.17 | 3/3 |',
      '| search | `60 distinct` | 200 identity 1.6 kB | 7,895 | 42.7 | 9.77 | 5,650 | 32.4 | 1.40 | 0.76 | 0.99 / 0.98 / 0.15 | 3/3 |',
      '',
      'A round counts when …',
    ].join('\n');
    expect(Object.fromEntries(classFigures(markdown))).toEqual({
      detail: { ratioCpu: 0.96, cpu: 1042 },
      search: { ratioCpu: 0.76, cpu: 42.7 },
    });
  });
});

describe('two checkouts in the same rounds (--against)', () => {
  const sample = (cpuMicros: number, requests: number): Sample => ({
    rps: requests,
    requests,
    p50: 1,
    p99: 2,
    unexpected: 0,
    cpuMicros,
    sideCores: 1,
    wrkCores: 0.5,
  });
  const result = (server: Sample[], floor: Sample[]): ClassResult => ({ id: 'detail', example: '/', response: '200', server, floor });

  it("gives each side's ratio CPU by median and by totals, and the new server's CPU over the old one's", () => {
    // Old: floor 20 µs against server 25 (0.8) and 40 (0.5); new: floor 20 against 20 (1.0) twice.
    const older = result([sample(25, 1000), sample(40, 3000)], [sample(20, 1000), sample(20, 3000)]);
    const newer = result([sample(20, 1000), sample(20, 3000)], [sample(20, 1000), sample(20, 3000)]);
    const row = comparisonTable([newer], [older])
      .split('\n')[2]!
      .split('|')
      .map((cell) => cell.trim());
    // Old totals: (25 × 1000 + 40 × 3000) / 4000 = 36.25 µs a request, so 20 / 36.25 = 0.55.
    expect(row.slice(2, 10)).toEqual(['0.65', '1.00', '+0.35', '0.55', '1.00', '+0.45', '0.552', '2/2 / 2/2']);
  });
});

describe("the rounds' interval and verdict (--against)", () => {
  it('holds the median between order statistics chosen by the sign test', () => {
    // 12 rounds: the 3rd smallest and 3rd largest hold the median with 1 − 2 × P(X ≤ 2) = 96.1 %.
    const values = [0.3, -0.2, 0.1, 0, -0.1, 0.2, 0.05, -0.05, 0.15, -0.15, 0.25, -0.25];
    const interval = medianInterval(values)!;
    expect([interval.low, interval.high]).toEqual([-0.15, 0.2]);
    expect(interval.coverage).toBeCloseTo(0.961, 3);
    // 5 rounds are the fewest that allow 90 % (min and max: 93.75 %); 4 do not.
    expect(medianInterval([1, 2, 3, 4, 5])).toEqual({ low: 1, high: 5, coverage: 0.9375 });
    expect(medianInterval([1, 2, 3, 4])).toBeUndefined();
  });

  it('calls a class lower only when its whole interval is past the mark, within only when none of it is', () => {
    expect(comparisonVerdict({ low: -0.3, high: -0.06 })).toBe('lower');
    expect(comparisonVerdict({ low: -0.05, high: 0.2 })).toBe('within');
    expect(comparisonVerdict({ low: -0.06, high: 0.2 })).toBe('unresolved');
    expect(comparisonVerdict(undefined)).toBe('unresolved');
  });

  it('pairs the rounds where all four runs were server-bound', () => {
    const run = (cpuMicros: number, sideCores = 1): Sample => ({
      rps: 1,
      requests: 1,
      p50: 1,
      p99: 1,
      unexpected: 0,
      cpuMicros,
      sideCores,
      wrkCores: 0.5,
    });
    const side = (server: Sample[], floor: Sample[]): ClassResult => ({ id: 'detail', example: '/', response: '200', server, floor });
    // Round 2's old floor was client-bound: that round is left out on both sides.
    const newer = side([run(20), run(20), run(25)], [run(20), run(20), run(20)]);
    const older = side([run(25), run(25), run(20)], [run(20), run(20, 0.5), run(20)]);
    expect(roundDifferences(newer, older).map((value) => Number(value.toFixed(2)))).toEqual([0.2, -0.2]);
  });
});
