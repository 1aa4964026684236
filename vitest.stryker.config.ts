/**
 * The unit project as `npm run mutate` (Stryker) runs it: the same tests, but each test file gets a
 * fresh module cache (isolate: true), so a catalog, contract or payload memoized while one mutant
 * was active cannot hide the next mutant from the tests.
 *
 * For the catalog area, whose views memo() caches, memo() also never caches there
 * (tests/support/no-memo.ts, MEMO_OFF=1), so each test runs the code it checks and Stryker counts it
 * as covered by every such test, not only the first that filled the cache. Elsewhere memo() stays
 * on: off, every API answer builds the payload store again (tests/api/pagination.test.ts: 59 s
 * against 0.7 s), and the api area would take hours on two cores.
 */
import { defineConfig } from 'vitest/config';
import config from './vitest.config.ts';

const unit = config.test?.projects?.find(
  (project): project is { test: Record<string, unknown> } =>
    typeof project === 'object' && 'test' in project && project.test?.name === 'unit',
);
if (!unit) throw new Error('vitest.config.ts has no unit project');

const memoOff = process.env['MUTATE_AREA'] === 'catalog';

export default defineConfig({
  test: {
    ...unit.test,
    name: 'unit',
    isolate: true,
    setupFiles: memoOff ? ['tests/support/no-memo.ts'] : [],
    env: memoOff ? { MEMO_OFF: '1' } : {},
  },
});
