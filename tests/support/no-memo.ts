/**
 * Setup file of `npm run mutate -- catalog` only (vitest.stryker.config.ts): memo() builds every
 * time instead of caching, so a value a first test built cannot hide a mutant from the tests after
 * it (Stryker counts code as covered by the test that ran it, and a cached value runs it once).
 */
import { vi } from 'vitest';

// A seeded value (the build's payload store) is not kept either: memo() builds the same value instead.
vi.mock('../../src/catalog/memo.ts', () => ({
  memo: <T>(_owner: object, _key: string, build: () => T): T => build(),
  seedMemo: () => {},
}));
