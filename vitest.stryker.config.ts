/**
 * The unit project as `npm run mutate` (Stryker) runs it: the same tests, but each test file gets a
 * fresh module cache (isolate: true), so a catalog, contract or payload memoized while one mutant
 * was active cannot hide the next mutant from the tests; and memo() never caches
 * (tests/support/no-memo.ts), so each test runs the code it checks and Stryker counts it as covered by
 * every such test, not only the first that filled the cache.
 */
import { defineConfig } from 'vitest/config';
import config from './vitest.config.ts';

const unit = config.test?.projects?.find(
  (project): project is { test: Record<string, unknown> } =>
    typeof project === 'object' && 'test' in project && project.test?.name === 'unit',
);
if (!unit) throw new Error('vitest.config.ts has no unit project');

export default defineConfig({
  test: { ...unit.test, name: 'unit', isolate: true, setupFiles: ['tests/support/no-memo.ts'] },
});
