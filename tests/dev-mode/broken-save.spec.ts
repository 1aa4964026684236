/**
 * `npm run dev` with a page open (playwright.dev.config.ts): ten broken saves in a row each show
 * their error in the page's overlay, a fresh load while the content is invalid gets the error page
 * with the overlay, the API and /api/health answer 503 naming the file and field, and the first
 * valid save brings back all three by itself.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { pageUrl } from '../../src/catalog/urls.ts';
import { apiUrl, entryApiUrl } from '../../src/routes/urls.ts';

const file = join(process.env['DEV_E2E_CONTENT_DIR']!, 'stacks/nginx.yaml');
const good = readFileSync(file, 'utf8');
const page = pageUrl('stacks', 'nginx');

/** Ten different mistakes, each with what its message says: the field and the value. */
const BROKEN = Array.from({ length: 10 }, (_, index) => {
  if (index === 3) {
    const text = good.replace(/^name: .*$/m, 'name: NGINX: the server');
    return { text, field: '(line 2, column 12)', says: 'has value "name: NGINX: the server"' };
  }
  if (index === 6)
    return { text: good.replace(/^ {2}en-US: Serves static builds.*\n/m, ''), field: 'summary.en-US', says: 'has value (missing)' };
  return { text: good.replace(/^kind: .*$/m, `kind: platfrm-${index}`), field: 'kind', says: `has value "platfrm-${index}"` };
});

/** The API's answer for one URL: status and, for an error, its problem. */
async function apiAnswer(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  const body = (await response.json()) as { error?: { code: string; detail: string } };
  return { status: response.status(), type: response.headers()['content-type'], error: body.error };
}

test.afterAll(() => writeFileSync(file, good));

test('every broken save shows in the page, the API and health; the first valid save restores them', async ({ page: tab, request }) => {
  const overlay = tab.locator('vite-error-overlay');
  await tab.goto(page);
  await expect(tab.locator('h1')).toHaveText('NGINX');
  await expect(overlay).toHaveCount(0);

  const shownAfter: number[] = [];
  let freshShown = 0;
  for (const [index, broken] of BROKEN.entries()) {
    const saved = Date.now();
    writeFileSync(file, broken.text);
    const message = overlay.locator('#message-content');
    // Each save's own value: the overlay of the save before never passes for it.
    await expect(message).toContainText(`stacks/nginx.yaml: field "${broken.field}" ${broken.says}`, { timeout: 5_000 });
    shownAfter.push(Date.now() - saved);

    for (const url of [apiUrl('getHealth'), entryApiUrl('stacks', 'nginx')]) {
      const answer = await apiAnswer(request, url);
      expect(answer.status, url).toBe(503);
      expect(answer.type).toMatch(/^application\/json/);
      expect(answer.error?.code).toBe('unavailable');
      expect(answer.error?.detail).toContain(`stacks/nginx.yaml: field "${broken.field}"`);
    }
    // A fresh load while the content is invalid gets the error page with the overlay.
    if (index % 3 === 2) {
      const fresh = await tab.context().newPage();
      const response = await fresh.goto(page);
      expect(response?.status()).toBe(503);
      await expect(fresh.locator('vite-error-overlay #message-content')).toContainText(`field "${broken.field}" ${broken.says}`);
      await fresh.close();
      freshShown += 1;
    }
  }
  console.log(`shown ${shownAfter.length} of 10 saves and ${freshShown} of 3 fresh loads; save to overlay, ms: ${shownAfter.join(', ')}`);

  // A valid save that also changes the entry: what comes back is the new content, not the last good.
  writeFileSync(file, good.replace(/^name: .*$/m, 'name: NGINX fixed'));
  // The open page reloads by itself.
  await expect(overlay).toHaveCount(0, { timeout: 10_000 });
  await expect(tab.locator('h1')).toHaveText('NGINX fixed', { timeout: 10_000 });
  expect((await apiAnswer(request, apiUrl('getHealth'))).status).toBe(200);
  const entry = await request.get(entryApiUrl('stacks', 'nginx'));
  expect(entry.status()).toBe(200);
  expect(((await entry.json()) as { payload: { name: string } }).payload.name).toBe('NGINX fixed');
  const fresh = await tab.context().newPage();
  expect((await fresh.goto(page))?.status()).toBe(200);
  await expect(fresh.locator('h1')).toHaveText('NGINX fixed');
});
