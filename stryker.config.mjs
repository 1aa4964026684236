// @ts-check
/**
 * Stryker mutation testing of the unit project, one area at a time: `npm run mutate -- <area>`
 * (scripts/mutate.ts sets MUTATE_AREA). A developer's tool, not a CI gate. Each area keeps its own
 * incremental file under reports/, so a second run only tests mutants whose code or tests changed.
 * Files that only run inside Astro (the content collections' loader and reader, the Astro
 * endpoint) are left out: no unit test can load them.
 */
export const AREAS = {
  api: ['src/api/**/*.ts', '!src/api/astro-endpoint.ts'],
  catalog: ['src/catalog/**/*.ts', '!src/catalog/astro-catalog.ts', '!src/catalog/content-loader.ts'],
  outputs: ['src/discovery/**/*.ts', 'src/contract/**/*.ts'],
  // The server's own modules, as far as unit tests import them: most of server/ runs only in the
  // loopback tests' child processes, where Stryker's mutants are not switched on (reported as no coverage).
  server: ['server/**/*.mjs', 'server/**/*.ts'],
};

const area = /** @type {keyof typeof AREAS} */ (process.env['MUTATE_AREA'] ?? 'catalog');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // vitest.stryker.config.ts: the unit project with a fresh module cache per test file.
  vitest: { configFile: 'vitest.stryker.config.ts', related: true },
  mutate: AREAS[area],
  coverageAnalysis: 'perTest',
  // Test files build their catalog while loading, so most catalog code also runs outside any test
  // ("static"). Mutants that some test covers still run, against those tests, each in a fresh module
  // cache; mutants only module loading reaches are reported as ignored instead of rerunning every
  // test for each (hours on two cores).
  ignoreStatic: true,
  incremental: true,
  incrementalFile: `reports/stryker-incremental-${area}.json`,
  // Two cores are shared with everything else on the machine.
  concurrency: Number(process.env['MUTATE_CONCURRENCY'] ?? 2),
  timeoutMS: 60_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${area}.html` },
  jsonReporter: { fileName: `reports/mutation/${area}.json` },
  ignorePatterns: ['dist', 'dist-*', 'generated', 'test-results', 'playwright-report', '.tmp', '.astro'],
  tempDirName: '.tmp/stryker',
  cleanTempDir: 'always',
};
