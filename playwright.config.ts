import { defineConfig } from '@playwright/test';
import { apiUrl } from './src/routes/urls.ts';

/** Debian's Chromium by default; CHROMIUM_PATH points at any other build (Playwright's own included). */
const executablePath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const port = Number(process.env['E2E_PORT'] ?? 4411);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // A test waits on its browser as much as it computes: on two cores two workers left them half idle.
  workers: 3,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  webServer: {
    // Builds only when dist/ is missing (npm test's vitest run has just built it).
    command: 'node scripts/ensure-build.ts && node server/index.ts',
    url: `http://127.0.0.1:${port}${apiUrl('getHealth')}`,
    // Every spec's browser is the same client (127.0.0.1): no rate limit across the whole run.
    env: { PORT: String(port), HOST: '127.0.0.1', WEB_CONCURRENCY: '2', RATE_LIMIT: 'off' },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
  },
});
