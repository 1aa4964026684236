import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Tests that need the built server on loopback; every other test imports src/ and runs without a build. */
const LOOPBACK = ['tests/**/*.loopback.test.ts'];
/** Tests that render .astro files: through Astro's own Vite setup (vitest.astro.config.ts). */
const ASTRO = ['tests/**/*.astro.test.ts'];
/**
 * Loopback tests that build the site while their load runs (two releases in a row): alone, after the
 * others, so no timing-bound test shares the cores with a build.
 */
const ALONE = ['tests/server/release.loopback.test.ts'];

export default defineConfig({
  test: {
    // Vitest's default is one file at a time on two cores, but a loopback file mostly waits on its
    // servers and timers: two at once take the suite from 143 s to 100 s on a 2-core machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      './vitest.astro.config.ts',
      {
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: [...LOOPBACK, ...ASTRO, 'tests/e2e/**'],
          // Files share a worker's module cache (schemas, catalog, contract load once per worker):
          // about half the time and CPU. Tests that stub globals or env undo it themselves.
          isolate: false,
          testTimeout: 60_000,
          // Hooks that spawn a script or synthesize a catalog: 10 s is too tight on a busy machine.
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'loopback',
          include: LOOPBACK,
          exclude: ALONE,
          globalSetup: ['tests/support/global-setup.ts'],
          // Shared module cache here too (the route table, schemas and catalog the files import):
          // 98 → 89 s for `vitest run`, 168 → 150 s of CPU. No loopback file stubs anything; each
          // starts the servers it changes.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'release',
          include: ALONE,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
