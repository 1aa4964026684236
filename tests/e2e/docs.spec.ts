/**
 * The API reference at /openapi/. Without JavaScript: every operation of the served contract with
 * its path, curl command and a real example response, a section per tag, an entry per error code
 * (where error envelopes point). With JavaScript: the page's weight before interaction, axe in
 * both color schemes, then the console on request with every operation, axe again, try-it-out
 * against this origin, and no console error. Also the two redirects.
 */
import { gzipSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ERROR_CODES } from '../../src/schemas/errors.ts';
import { CONTRACT_DOCUMENT_PATH, ROUTES } from '../../src/routes/routes.ts';
import { DOCS_ALIASES } from '../../src/discovery/documents.ts';
import { pageOfProject, seriousAxeViolations, seriousViolations } from '../support/browser.ts';

/** Bytes /openapi/ may transfer before interaction, compressed (issue 11). */
const BUDGET_BYTES = 150 * 1024;
const contractPath = ROUTES.find((route) => route.id === 'getContract')!.path;

interface Contract {
  paths: Record<string, { get: { operationId: string; tags: string[] } }>;
  tags: { name: string }[];
}

async function servedContract(request: APIRequestContext): Promise<Contract> {
  return ((await (await request.get(contractPath)).json()) as { payload: Contract }).payload;
}

/** Requests to other origins, and every console or page error. */
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

test.describe('without JavaScript', () => {
  // The four read one load of the page (it runs no script, so none can change it for another):
  // /openapi/ is long, and loading it took most of each test's time.
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  test.beforeAll(async ({ browser }, testInfo) => {
    page = await pageOfProject(browser, testInfo, { javaScriptEnabled: false });
    await page.goto('/openapi/');
  });
  test.afterAll(() => page.context().close());

  test('shows every operation with its path, a curl command and the response the server gives to it', async ({ request }) => {
    const contract = await servedContract(request);
    for (const [path, item] of Object.entries(contract.paths)) {
      const operation = page.locator(`article[id="${item.get.operationId}"]`);
      await expect(operation.locator('.ref-op__path > code')).toHaveText(path);
      const curl = (await operation.locator('.ref-curl').textContent()) ?? '';
      const url = new URL(/^curl -sS '([^']+)'$/.exec(curl)?.[1] ?? 'invalid:');
      expect(url.pathname.startsWith(path.split('{')[0]!), `${curl} requests ${path}`).toBe(true);
      // The example is the envelope the server answers for that very request.
      const live = await request.get(`${url.pathname}${url.search}`);
      await expect(operation.locator('.ref-response summary strong')).toHaveText(String(live.status()));
      const example = (await operation.locator('.ref-response pre').textContent()) ?? '';
      expect(example).toContain(`"path": ${JSON.stringify(url.pathname)}`);
      expect(example).toContain(`"payload": `);
    }
  });

  test('has a section per tag, each linked from the navigation', async ({ request }) => {
    const contract = await servedContract(request);
    const navigation = page.getByRole('navigation', { name: 'Operations by tag' });
    for (const tag of contract.tags) {
      const link = navigation.getByRole('link', { name: tag.name, exact: true });
      const target = (await link.getAttribute('href')) ?? '';
      await expect(page.locator(`[id="${target.slice(1)}"]`)).toHaveText(tag.name);
    }
    const linked = await navigation.locator('ul ul a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(linked.toSorted()).toEqual(
      Object.values(contract.paths)
        .map((item) => `#${item.get.operationId}`)
        .toSorted(),
    );
  });

  test('explains every error code where error envelopes point', async ({ request }) => {
    for (const code of ERROR_CODES) await expect(page.locator(`[id="error-${code}"] h3`)).toHaveText(code);
    const detail = ROUTES.find((route) => route.detail)!;
    const answer = (await (await request.get(detail.path.replace('{slug}', 'no-such-entry'))).json()) as { error: { type: string } };
    const target = new URL(answer.error.type, page.url());
    expect(target.pathname).toBe('/openapi/');
    await expect(page.locator(`[id="${target.hash.slice(1)}"]`)).toHaveCount(1);
  });

  test('links the contract and says that only the console needs JavaScript', async () => {
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expect(page.locator(`main a[href="${contractPath}"]`).first()).toBeVisible();
    await expect(page.getByText('The console needs JavaScript.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open the interactive console' })).toBeHidden();
  });
});

test('before interaction: within the byte budget, no console code, axe clean in both color schemes', async ({ page }) => {
  // axe over a page this long takes a while on a shared machine.
  test.setTimeout(180_000);
  const transfers: Promise<{ url: string; compressed: number }>[] = [];
  page.on('response', (response) => {
    transfers.push(
      (async () => {
        const headers = (await response.headersArray()).reduce((sum, header) => sum + header.name.length + header.value.length + 4, 0);
        const body = await response.body().catch(() => Buffer.alloc(0));
        return { url: response.url(), compressed: headers + gzipSync(body).length };
      })(),
    );
  });
  await page.goto('/openapi/', { waitUntil: 'networkidle' });
  const loaded = await Promise.all(transfers);
  const total = loaded.reduce((sum, item) => sum + item.compressed, 0);
  expect(total, loaded.map((item) => `${item.url} ${item.compressed}`).join('\n')).toBeLessThanOrEqual(BUDGET_BYTES);
  expect(loaded.filter((item) => /swagger|console/i.test(item.url))).toEqual([]);

  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('the console opens on request with every operation, stays axe clean, calls this origin and logs no error', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const paths = Object.keys((await servedContract(request)).paths);
  const { foreign, errors } = watch(page, new URL(baseURL ?? '').origin);
  await page.goto('/openapi/');
  await page.getByRole('button', { name: 'Open the interactive console' }).click();
  const console = page.locator('#console-root');
  await expect(console.locator('.opblock')).toHaveCount(paths.length, { timeout: 30_000 });
  const shown = await console.locator('.opblock-summary-path').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-path')));
  expect(shown.toSorted()).toEqual(paths.toSorted());
  await expect(page.getByRole('status')).toHaveText(`The interactive console is open with ${paths.length} operations.`);
  await expect(page.getByRole('button', { name: 'Open the interactive console' })).toBeHidden();

  // The rest of the page was scanned before interaction and has not changed; scan what opening added.
  expect(await seriousAxeViolations(page, 'console open', '.ref-console')).toEqual([]);

  // Try it out calls this origin (not the contract's SITE_URL) and shows the answer.
  const first = console.locator('.opblock').first();
  await first.locator('.opblock-summary-control').click();
  await first.getByRole('button', { name: 'Try it out' }).click();
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === paths[0]);
  await first.getByRole('button', { name: 'Execute' }).click();
  expect((await answered).status()).toBe(200);
  await expect(first.locator('.live-responses-table tr.response td.response-col_status')).toHaveText('200');
  expect(await seriousViolations(page, 'console after a request', '.ref-console')).toEqual([]);

  expect(foreign).toEqual([]);
  expect(errors).toEqual([]);
});

test.describe('copy buttons', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('copy the curl command of an operation', async ({ page }) => {
    const operation = ROUTES[0]!;
    await page.goto('/openapi/');
    const article = page.locator(`article[id="${operation.id}"]`);
    await article.getByRole('button', { name: 'Copy the curl command' }).click();
    await expect(article.getByRole('button', { name: 'Copy the curl command' })).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await article.locator('.ref-curl').textContent());
  });
});

test('describes itself as a schema.org WebAPI', async ({ page }) => {
  await page.goto('/openapi/');
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const nodes = blocks.flatMap((text) => [JSON.parse(text) as unknown].flat()) as { '@type'?: string; documentation?: string }[];
  const api = nodes.find((node) => node['@type'] === 'WebAPI');
  // Its documentation is the bare OpenAPI document.
  expect(api?.documentation?.endsWith(CONTRACT_DOCUMENT_PATH)).toBe(true);
});

for (const alias of DOCS_ALIASES) {
  test(`${alias} redirects permanently to /openapi/`, async ({ page, request }) => {
    const response = await request.get(alias, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(new URL(response.headers()['location'] ?? '', 'http://x').pathname).toBe('/openapi/');
    await page.goto(alias);
    expect(new URL(page.url()).pathname).toBe('/openapi/');
  });
}
