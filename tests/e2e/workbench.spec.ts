/**
 * The workbench on the production server: it loads every resource and passes, and it fails
 * loudly (with the right row and a useful reason) when a response is broken on the way in.
 */
import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { API_CATALOG_PATH } from '../../src/discovery/api-catalog.ts';
import { dictionaryFor } from '../../src/site/i18n/dictionary.ts';
import { pageOfProject, runAxe, watchErrors } from '../support/browser.ts';

interface Envelope<T> {
  request_id: string;
  payload: T;
}
interface Contract {
  paths: Record<string, unknown>;
}
interface Audit {
  exports: { path: string; source: string }[];
}
interface Discovery {
  items: { kind: string; url: string }[];
}

/** The API payload at a path, read with Playwright's own client (not the page's). */
async function payload<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as Envelope<T>).payload;
}

/**
 * How many resources the panel loads for the shipped site, counted by hand: 21 endpoints, 9 exports
 * and 16 documents that are not endpoints (llms.txt, llms-full.txt, the API catalog, sitemap.md, skill.md, the Agent Skills index and
 * its SKILL.md, the AI Catalog, the MCP server card, the Atom and JSON change feeds in English and in Portuguese, robots.txt, the
 * sitemap index, the bare OpenAPI document; the enveloped contract is both), the MCP endpoint, and in each of the two languages
 * 19 pages and their 19 Markdown twins (one per page family: 14 section pages and 5 detail families).
 */
const TOTAL = 21 + 9 + 16 + 1 + 2 * (19 + 19);

/** The served contract, audit and discovery, for the tests that pick a resource to break. */
async function inventory(request: APIRequestContext) {
  const contract = await payload<Contract>(request, '/api/openapi.json');
  const audit = await payload<Audit>(request, '/api/audit');
  const discovery = await payload<Discovery>(request, '/api/discovery');
  return { paths: Object.keys(contract.paths), audit, discovery };
}

/** Opens the workbench and waits for its verdict. */
async function runPanel(page: Page, path = '/workbench/'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('workbench-panel')).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
}

/** Rewrites the JSON body of GET responses to `pattern`; HEAD and other methods pass untouched. */
async function rewriteJson(
  page: Page,
  pattern: string,
  change: (body: Record<string, unknown>) => void,
  headers?: (headers: Record<string, string>) => void,
) {
  await page.route(pattern, async (route: Route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    change(body);
    const responseHeaders = response.headers();
    headers?.(responseHeaders);
    return route.fulfill({ response, headers: responseHeaders, json: body });
  });
}

/**
 * The verdict says N checks failed, N is the number of failed checks shown, the failing rows are
 * exactly the broken resources' and come first, and each says why.
 */
async function expectFailures(page: Page, faults: readonly { path: string; reason: string | RegExp }[]) {
  const failedChecks = await page.locator('.wb-check--fail').count();
  expect(failedChecks).toBeGreaterThanOrEqual(faults.length);
  await expect(page.locator('[data-verdict]')).toHaveText(new RegExp(`^${failedChecks} checks failed$`));
  const rowStates = await page
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [row.getAttribute('data-path'), row.getAttribute('data-state')]));
  const failing = rowStates.slice(0, faults.length);
  expect(failing.map(([path]) => path).toSorted()).toEqual(faults.map((fault) => fault.path).toSorted());
  expect(failing.every(([, state]) => state === 'fail')).toBe(true);
  expect(rowStates.slice(faults.length).filter(([, state]) => state !== 'pass')).toEqual([]);
  for (const { path, reason } of faults)
    await expect(page.locator(`tbody tr[data-path="${path}"] .wb-check--fail`)).toContainText([reason]);
}

// One run of the panel serves both tests (a run loads every resource; it took 7-10 s of a worker
// each time): they share its page, in order, and the errors it logged from the start.
test.describe('one run of the panel', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let errors: string[];
  test.beforeAll(async ({ browser }, testInfo) => {
    page = await pageOfProject(browser, testInfo);
    errors = watchErrors(page);
    await runPanel(page);
  });
  test.afterAll(() => page.context().close());

  test('is accessible: live progress, a captioned table with row headers, text beside every colour', async () => {
    await expect(page.locator('[data-progress-text]')).toHaveAttribute('aria-live', 'polite');
    await expect(page.locator('table caption')).not.toBeEmpty();
    await expect(page.locator('thead th[scope="col"]')).toHaveCount(6);
    const rows = await page.locator('tbody tr').count();
    await expect(page.locator('tbody th[scope="row"]')).toHaveCount(rows);
    await expect(page.locator('.wb-check--pass .wb-mark__word').first()).toHaveText('pass');
    const results = await runAxe(page, { within: 'workbench-panel' });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  test('loads every resource and passes every check, with no console error', async () => {
    const total = TOTAL;
    await expect(page.locator('[data-progress-text]')).toHaveText(`${total}/${total} resources loaded`);
    await expect(page.locator('progress')).toHaveJSProperty('value', total);
    await expect(page.locator('[data-verdict]')).toHaveText('All checks passed');
    await expect(page.locator('tbody tr')).toHaveCount(total);
    await expect(page.locator('tbody tr[data-state="pass"]')).toHaveCount(total);
    await expect(page.locator('.wb-check--fail')).toHaveCount(0);
    const verdictMs = Number(await page.locator('workbench-panel').getAttribute('data-verdict-ms'));
    expect(verdictMs).toBeGreaterThan(0);
    test.info().annotations.push({ type: 'load→verdict', description: `${verdictMs} ms` });

    // Run again repeats the whole run: every resource is requested again.
    const requested = new Set<string>();
    page.on('request', (sent) => {
      // GETs, and the POST of the MCP row's tools/list.
      if (sent.method() === 'GET' || sent.method() === 'POST') requested.add(new URL(sent.url()).pathname);
    });
    await page.getByRole('button', { name: 'Run again' }).click();
    await expect(page.locator('workbench-panel')).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
    await expect(page.locator('[data-verdict]')).toHaveText('All checks passed');
    await expect(page.locator('[data-progress-text]')).toHaveText(`${total}/${total} resources loaded`);
    expect(requested.size).toBe(total);
    expect(errors).toEqual([]);
  });
});

test('without JavaScript, explains the panel and links every resource', async ({ browser, request }) => {
  const { paths, audit } = await inventory(request);
  const total = TOTAL;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/workbench/');
  await expect(page.getByRole('heading', { name: 'What the panel checks' })).toBeVisible();
  await expect(page.locator('[data-live]')).toBeHidden();
  const links = page.locator('[data-static] a');
  // Every resource but the MCP endpoint, which answers POST only and is named in the text instead.
  await expect(links).toHaveCount(total - 1);
  const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
  for (const path of paths.filter((candidate) => !candidate.includes('{'))) expect(hrefs).toContain(path);
  for (const item of audit.exports) expect(hrefs).toContain(item.path);
  await context.close();
});

// Six resources broken on the way in, one fault each, in one run of the panel (a run loads all of them):
// each row fails with its own reason and no other row does.
test('can it fail? six broken responses, each failing its own row with its own reason', async ({ page, request }) => {
  const { paths, audit, discovery } = await inventory(request);
  const faults: { path: string; reason: string | RegExp }[] = [];
  /** Breaks one resource's JSON (and, if asked, its headers) and expects its row to fail for `reason`. */
  async function breakJson(
    path: string,
    reason: string | RegExp,
    change: (body: Record<string, unknown>) => void,
    headers?: (headers: Record<string, string>) => void,
  ) {
    await rewriteJson(page, `**${path}`, change, headers);
    faults.push({ path, reason });
  }

  // An envelope missing request_id.
  await breakJson('/api/health', /request_id is missing/, (body) => delete body['request_id']);
  // An X-Request-Id header that differs from request_id.
  await breakJson(
    '/api/profile',
    /X-Request-Id "not-the-body-id" differs from request_id/,
    () => undefined,
    (headers) => {
      headers['x-request-id'] = 'not-the-body-id';
    },
  );
  // A payload that violates its schema.
  await breakJson('/api/links', /payload\/count: .*integer/, (body) => {
    (body['payload'] as Record<string, unknown>)['count'] = 'many';
  });
  for (const { path } of faults) expect(paths).toContain(path);

  // An export that differs from its endpoint (one whose endpoint is not broken above).
  const exported = audit.exports.find((item) => item.source !== '/api/audit' && !faults.some((fault) => fault.path === item.source));
  if (!exported) throw new Error('the audit lists no export to break');
  await breakJson(exported.path, `differs from the payload of ${exported.source} at count`, (body) => {
    body['count'] = -1;
  });

  // An API catalog without its status link. Its body, not json: json would replace the linkset media type.
  await page.route(`**${API_CATALOG_PATH}`, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as { linkset: Record<string, unknown>[] };
    for (const context of body.linkset) delete context['status'];
    return route.fulfill({ response, headers: response.headers(), body: JSON.stringify(body) });
  });
  faults.push({ path: API_CATALOG_PATH, reason: 'has no status link' });

  // A discovery URL that answers 404.
  const discoveryPath = paths.find((path) => path.endsWith('/discovery'));
  const broken = discovery.items.find((item) => item.kind === 'page' && item.url !== '/' && item.url !== '/workbench/');
  if (!discoveryPath || !broken) throw new Error('no discovery endpoint or page to break');
  await page.route(`**${broken.url}`, (route) => (route.request().method() === 'HEAD' ? route.fulfill({ status: 404 }) : route.continue()));
  faults.push({ path: discoveryPath, reason: `${broken.url} answers 404` });

  await runPanel(page);
  await expectFailures(page, faults);
});

test('in Portuguese, checks the same resources and says so in Portuguese', async ({ browser }, testInfo) => {
  const page = await pageOfProject(browser, testInfo);
  const errors = watchErrors(page);
  const words = dictionaryFor('pt-BR').tools.workbench.panel;
  await runPanel(page, '/pt-br/workbench/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.locator('[data-progress-text]')).toHaveText(
    words.progress.replace('{loaded}', String(TOTAL)).replace('{total}', String(TOTAL)),
  );
  await expect(page.locator('[data-verdict]')).toHaveText(words.allPassed);
  await expect(page.locator('tbody tr[data-state="pass"]')).toHaveCount(TOTAL);
  expect(errors).toEqual([]);
  await page.context().close();
});
