/**
 * The bench as a program: importing it starts nothing (no folder, no process, no signal handler),
 * and its options are checked before anything runs, with a line naming the option, its value and
 * what it must be.
 */
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBenchOptions, UsageError } from '../../scripts/bench/options.ts';

describe('the bench', () => {
  it('does nothing when imported', async () => {
    const folders = () => (existsSync('.tmp') ? readdirSync('.tmp').filter((name) => name.startsWith('bench-')).length : 0);
    const before = { folders: folders(), sigint: process.listenerCount('SIGINT'), sigterm: process.listenerCount('SIGTERM') };
    const bench = await import('../../scripts/bench/run-bench.ts');
    expect(typeof bench.main).toBe('function');
    expect({ folders: folders(), sigint: process.listenerCount('SIGINT'), sigterm: process.listenerCount('SIGTERM') }).toEqual(before);
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
    });
    expect(parseBenchOptions(['--classes', 'detail,search', '--scale', '100', '--warmup', '0'])).toMatchObject({
      classes: ['detail', 'search'],
      scale: 100,
      warmup: 0,
    });
  });

  it.each([
    [['--runs', '0'], 'bench: --runs must be an integer up to 10, got 0'],
    [['--duration', '61'], 'bench: --duration must be an integer up to 60, got 61'],
    [['--connections', 'many'], 'bench: --connections must be an integer up to 1000, got many'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseBenchOptions(argv)).toThrow(UsageError);
    expect(() => parseBenchOptions(argv)).toThrow(message);
  });
});
