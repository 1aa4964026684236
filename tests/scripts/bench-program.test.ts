/**
 * The bench as a program: importing it starts nothing (no folder, no process, no signal handler),
 * and its options are checked before anything runs, with a line naming the option, its value and
 * what it must be. Its verdict: CPU per request pooled over every class, relative to the floor and
 * between the sides, with the range of the rounds.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBenchOptions, UsageError } from '../../scripts/bench/run-bench.ts';
import { classTable, marks, pooledRounds, verdict, type ClassRuns, type Results } from '../../scripts/bench/report.ts';
import type { Sample } from '../../scripts/bench/wrk.ts';

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
      duration: 1,
      rounds: 8,
      warmup: 1,
      classes: undefined,
      dist: undefined,
      against: undefined,
    });
    expect(parseBenchOptions(['--classes', 'detail,search', '--against', '../base', '--warmup', '0'])).toMatchObject({
      classes: ['detail', 'search'],
      against: '../base',
      warmup: 0,
    });
  });

  it.each([
    [['--rounds', '0'], 'bench: --rounds must be an integer up to 50, got 0'],
    [['--duration', '61'], 'bench: --duration must be an integer up to 60, got 61'],
    [['--connections', 'many'], 'bench: --connections must be an integer up to 1000, got many'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseBenchOptions(argv)).toThrow(UsageError);
    expect(() => parseBenchOptions(argv)).toThrow(message);
  });

  it('refuses an option it does not know (the removed --scale among them)', () => {
    expect(() => parseBenchOptions(['--scale', '100'])).toThrow("Unknown option '--scale'");
  });
});

/** A run: `cpuMicros` per request over `requests`, on a side that used `sideCores`. */
const run = (cpuMicros: number, requests = 1000, sideCores = 1): Sample => ({
  rps: requests,
  requests,
  p99: 1,
  unexpected: 0,
  cpuMicros,
  sideCores,
  wrkCores: 0.3,
});
const runs = (id: string, server: Sample[], floor: Sample[]): ClassRuns => ({ id, response: '200 identity 1 kB', server, floor });

describe('the verdict: CPU per request pooled over every class', () => {
  it("takes each round's total CPU over its total requests, per role, and the floor's over the server's", () => {
    // One round: a cheap class (10 µs × 1000 server, 8 µs × 1250 floor) and a dear one (100 µs × 100, 90 µs × 110).
    const results: Results = new Map([
      ['new', [runs('cheap', [run(10, 1000)], [run(8, 1250)]), runs('dear', [run(100, 100)], [run(90, 110)])]],
    ]);
    // Server: (10,000 + 10,000) / 1,100 µs; floor: (10,000 + 9,900) / 1,360 µs. Not the mean of 0.8 and 0.9.
    const expected = 19_900 / 1_360 / (20_000 / 1_100);
    expect(pooledRounds(results)[0]!.get('new')).toBeCloseTo(expected, 10);
  });

  it('leaves out of a round every class with a run that was not server-bound, on every side', () => {
    const results: Results = new Map([
      ['new', [runs('a', [run(10), run(10)], [run(9), run(9)]), runs('b', [run(20), run(20)], [run(10), run(10)])]],
      // Round 2 of class b: the old side's floor used half a core.
      ['old', [runs('a', [run(10), run(10)], [run(8), run(8)]), runs('b', [run(20), run(20)], [run(10), run(10, 1000, 0.5)])]],
    ]);
    const [first, second] = pooledRounds(results);
    expect(first!.get('new')).toBeCloseTo(19 / 30, 10);
    expect(second!.get('new')).toBeCloseTo(0.9, 10);
    expect(second!.get('old')).toBeCloseTo(0.8, 10);
  });

  it('gives the median of the rounds with the lowest and highest, for each side and new over old', () => {
    // Old: 0.8 every round; new: 0.72, 0.8, 0.88 (floor 8 µs against 11.11, 10, 9.09).
    const floors = [run(8), run(8), run(8)];
    const results: Results = new Map([
      ['new', [runs('a', [run(8 / 0.72), run(10), run(8 / 0.88)], floors)]],
      ['old', [runs('a', [run(10), run(10), run(10)], floors)]],
    ]);
    const labels = new Map([
      ['new', 'new (.)'],
      ['old', 'old (../base)'],
    ] as const);
    const { text, pooled } = verdict(results, labels);
    expect(pooled).toBeCloseTo(0.8, 10);
    expect(text).toContain('the median of 3 rounds');
    expect(text).toContain('- new (.): 0.800 (0.720–0.880) of the floor');
    expect(text).toContain('- old (../base): 0.800 (0.800–0.800) of the floor');
    expect(text).toContain('- new / old: 1.000 (0.900–1.100)');
    expect(text).toContain('Class rounds kept (every run server-bound): 3 of 3.');
  });

  it('says so when no run was server-bound, and then pools them all', () => {
    const results: Results = new Map([['new', [runs('a', [run(10, 1000, 0.5)], [run(8, 1000, 0.5)])]]]);
    const { text, pooled } = verdict(results, new Map([['new', 'new']]));
    expect(text).toContain('CLIENT-BOUND');
    expect(pooled).toBeCloseTo(0.8, 10);
    expect(classTable(results).text).toContain('| 0/1 (client-bound) |');
  });
});

describe('class by class, for information', () => {
  it("gives each class's median ratio over its kept rounds and names the lowest; a class never kept is client-bound", () => {
    const results: Results = new Map([
      [
        'new',
        [
          runs('fast', [run(10), run(10), run(10)], [run(9), run(9), run(9)]),
          runs('slow', [run(10), run(10), run(100)], [run(7), run(7, 1000, 0.5), run(7)]),
          runs('bound', [run(10, 1000, 0.5)], [run(5)]),
        ],
      ],
    ]);
    const { text, lowest } = classTable(results);
    const rows = text.split('\n').slice(2);
    expect(rows[0]).toBe('| fast | 200 identity 1 kB | 10.0 | 0.90 | 3/3 |');
    // Rounds 1 and 3 kept: ratios 0.7 and 0.07, their median 0.385.
    expect(rows[1]).toBe('| slow | 200 identity 1 kB | 55.0 | 0.39 | 2/3 |');
    expect(rows[2]).toBe('| bound | 200 identity 1 kB | 10.0 | 0.50 | 0/1 (client-bound) |');
    expect(lowest.id).toBe('slow');
  });

  it('sets each figure beside its mark', () => {
    const text = marks({ pooled: 0.86, lowest: { id: '304', ratio: 0.79 }, searchMs: 2.6, rssRatio: 1.05 });
    expect(text).toContain('- pooled ratio (new) 0.860, mark ≥ 0.85: met');
    expect(text).toContain('- lowest class (new) 304 0.79, mark ≥ 0.8: **not met**');
    expect(text).toContain('- distinct searches (new) 2.60 ms CPU each, mark ≤ 2.5 at 100×: **not met**');
    expect(text).toContain('- full-mix RSS new / old 1.050, mark within 10%: met');
  });
});
