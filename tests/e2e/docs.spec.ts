/**
 * The docs UI at /openapi/: every path of the served contract, self-hosted (nothing from another
 * origin), working try-it-out, no console error under the site's CSP, and the two redirects.
 */
import { expect, test, type Page } from '@playwright/test';

/** Every request the page makes, and every console or page error. */
function watch(page: Page, origin: string) {
  const foreign: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.origin !== origin) foreign.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { foreign, errors };
}

test('shows every path of the contract, loads nothing from another origin, logs no error', async ({ page, request, baseURL }) => {
  const contract = ((await (await request.get('/api/openapi.json')).json()) as { payload: { paths: Record<string, unknown> } }).payload;
  const paths = Object.keys(contract.paths);
  const { foreign, errors } = watch(page, new URL(baseURL ?? '').origin);
  await page.goto('/openapi/');
  await expect(page.locator('.opblock')).toHaveCount(paths.length, { timeout: 30_000 });
  const shown = await page.locator('.opblock-summary-path').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-path')));
  expect(shown.toSorted()).toEqual(paths.toSorted());

  // Try it out calls this origin (not the contract's SITE_URL) and shows the answer.
  const first = page.locator('.opblock').first();
  await first.locator('.opblock-summary-control').click();
  await first.getByRole('button', { name: 'Try it out' }).click();
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === paths[0]);
  await first.getByRole('button', { name: 'Execute' }).click();
  expect((await answered).status()).toBe(200);
  await expect(first.locator('.live-responses-table tr.response td.response-col_status')).toHaveText('200');

  expect(foreign).toEqual([]);
  expect(errors).toEqual([]);
});

test('describes itself as a schema.org WebAPI', async ({ page }) => {
  await page.goto('/openapi/');
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const nodes = blocks.flatMap((text) => [JSON.parse(text) as unknown].flat()) as { '@type'?: string; documentation?: string }[];
  const api = nodes.find((node) => node['@type'] === 'WebAPI');
  expect(api?.documentation).toMatch(/\/api\/openapi\.json$/);
});

test('without JavaScript, says what it is and links the contract', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/openapi/');
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  await expect(page.locator('#swagger-ui a[href="/api/openapi.json"]')).toBeVisible();
  await context.close();
});

for (const alias of ['/docs/', '/swagger-ui.html']) {
  test(`${alias} redirects permanently to /openapi/`, async ({ page, request }) => {
    const response = await request.get(alias, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(new URL(response.headers()['location'] ?? '', 'http://x').pathname).toBe('/openapi/');
    await page.goto(alias);
    expect(new URL(page.url()).pathname).toBe('/openapi/');
  });
}
