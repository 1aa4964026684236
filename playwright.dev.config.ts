/**
 * The browser test of `npm run dev` (tests/dev-mode/), apart from the main e2e run: its web server
 * is the dev server, on a copy of content/ in a temporary folder (CONTENT_DIR) that the test breaks
 * and repairs, so the editors' content is never touched. `npm test` runs it after the main e2e.
 */
import { cpSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { apiUrl } from './src/routes/urls.ts';
import base from './playwright.config.ts';

const port = Number(process.env['E2E_PORT'] ?? 4412);

// One folder per port, copied afresh by each run and left for the next one to replace: Playwright
// stops the web server after its global teardown, so a teardown could not remove it under the server.
// The config is read again in each worker, which inherits the runner's environment: one copy per run.
if (!process.env['DEV_E2E_CONTENT_DIR']) {
  const folder = join(tmpdir(), `studio-catalog-dev-mode-${port}`, 'content');
  rmSync(folder, { recursive: true, force: true });
  cpSync('content', folder, { recursive: true });
  process.env['DEV_E2E_CONTENT_DIR'] = folder;
}
const contentDir = process.env['DEV_E2E_CONTENT_DIR'];

export default defineConfig({
  testDir: 'tests/dev-mode',
  workers: 1,
  reporter: [['list']],
  timeout: 60_000,
  use: { ...base.use, baseURL: `http://127.0.0.1:${port}` },
  webServer: {
    command: `npm run dev -- --port ${port} --host 127.0.0.1`,
    url: `http://127.0.0.1:${port}${apiUrl('getHealth')}`,
    env: { CONTENT_DIR: contentDir },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
  },
});
