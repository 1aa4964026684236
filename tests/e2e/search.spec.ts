/**
 * The search page in a real browser, at desktop and phone widths: the header form leads to it, typing
 * shows ranked results with a count announced to screen readers and nothing above them moving, a
 * result opens its page, a ?q= link searches on arrival, the keyboard alone is enough, axe finds
 * nothing serious, and without JavaScript the page says so and points elsewhere. Its first load,
 * before any query, stays within 100 KB and does not fetch the search library yet.
 */
import { expect, test } from '@playwright/test';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { DOCUMENTS } from '../../src/discovery/documents.ts';
import { seriousAxeViolations, watchErrors } from '../support/browser.ts';
import { localizedPath } from '../../src/routes/locale-paths.ts';
import { pageInventory, SEARCH_INDEX_FOLDER, SECTION_PAGES, sectionLabel, utilityPage } from '../../src/site/pages.ts';

const inventory = pageInventory(loadCatalogFromFiles());
const searchPath = utilityPage('/search/').path;
/** A detail page and the name that finds it: the last project, say. */
const target = inventory.filter((page) => page.entry?.collection === 'projects').at(-1)!;
const targetName = target.title['en-US'];
/** The budget for everything /search/ transfers before the first query. */
const FIRST_LOAD_BYTES = 100 * 1024;
/** The Layout Instability API's entry, which TypeScript's DOM library does not declare. */
type LayoutShift = PerformanceEntry & {
  value: number;
  sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
};

for (const width of [1280, 375]) {
  test.describe(`search at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the header form leads to the search page, whose first load is small and has no search library yet', async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(target.path);
      const transferred: { url: string; bytes: number }[] = [];
      await page.getByRole('searchbox', { name: 'Search the site' }).fill(targetName);
      await page.getByRole('searchbox', { name: 'Search the site' }).press('Enter');
      await expect(page).toHaveURL(new RegExp(`${searchPath}\\?q=`));
      await expect(page.getByRole('link', { name: targetName, exact: true })).toBeVisible();
      expect(errors).toEqual([]);

      // A fresh load without a query, in a new tab: what a visitor pays before searching.
      const fresh = await page.context().newPage();
      transferred.length = 0;
      fresh.on('requestfinished', async (request) => {
        const sizes = await request.sizes();
        transferred.push({ url: request.url(), bytes: sizes.responseBodySize + sizes.responseHeadersSize });
      });
      await fresh.goto(searchPath, { waitUntil: 'networkidle' });
      const total = transferred.reduce((sum, request) => sum + request.bytes, 0);
      expect(total, transferred.map((request) => `${request.url} ${request.bytes}`).join('\n')).toBeLessThanOrEqual(FIRST_LOAD_BYTES);
      expect(transferred.filter((request) => request.url.includes(`/${SEARCH_INDEX_FOLDER}/`))).toEqual([]);
    });

    test('typing shows ranked results, announced, without moving the form, and a result opens its page', async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(searchPath);
      // Shifts from here on, typing and results, each with what moved and where. Not the load's: a
      // CPU-starved browser paints a page it is still parsing (the search button's label half read,
      // say), and the finished parse moves parts of the form; CI saw a shift of 0.0008.
      await page.evaluate(() => {
        const shifts: string[] = [];
        (window as unknown as { shifts: string[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as LayoutShift[]) {
            const moved = entry.sources.map(({ node, previousRect: from, currentRect: to }) => {
              const name = (node as Element | null)?.outerHTML?.slice(0, 60) ?? node?.nodeName;
              return `${name} (${from.x},${from.y} ${from.width}×${from.height} → ${to.x},${to.y} ${to.width}×${to.height})`;
            });
            shifts.push(`${entry.value} at ${Math.round(entry.startTime)} ms: ${moved.join(' | ')}`);
          }
        }).observe({ type: 'layout-shift' });
      });
      const input = page.getByRole('searchbox', { name: 'Words or a name' });
      await expect(page.getByText('Search needs JavaScript')).toBeHidden();
      const before = await input.boundingBox();
      await input.pressSequentially(targetName, { delay: 30 });
      const status = page.getByRole('status');
      await expect(status).toHaveAttribute('aria-live', 'polite');
      await expect(status).toHaveText(new RegExp(`^\\d+ results? for “${targetName}”\\.$`));
      const results = page.locator('.search-result');
      await expect(results.first().getByRole('link')).toHaveText(targetName);
      await expect(results.first().locator('.search-result__section')).toHaveText(
        sectionLabel(SECTION_PAGES.find((s) => target.path.startsWith(s.path) && s.path !== '/')!),
      );
      await expect(results.first().locator('.search-result__excerpt mark').first()).toBeVisible();
      expect(await input.boundingBox()).toEqual(before);
      expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
      await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(targetName).replace(/%20/g, '\\+')}`));
      expect(await seriousAxeViolations(page)).toEqual([]);

      await results.first().getByRole('link').click();
      await expect(page).toHaveURL(target.path);
      await expect(page.locator('h1')).toHaveText(targetName);
      expect(errors).toEqual([]);
    });

    test('a ?q= link searches on arrival, and the keyboard alone filters and opens a result', async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(`${searchPath}?q=${encodeURIComponent(targetName)}`);
      const input = page.getByRole('searchbox', { name: 'Words or a name' });
      await expect(input).toHaveValue(targetName);
      await expect(page.locator('.search-result').first().getByRole('link')).toHaveText(targetName);

      // Tab from the field to the section filter, pick a section with the arrow keys.
      await input.focus();
      await page.keyboard.press('Tab');
      const section = page.getByRole('combobox', { name: 'Section' });
      await expect(section).toBeFocused();
      await section.selectOption(sectionLabel(SECTION_PAGES.find((s) => s.family === 'stacks')!));
      await expect(page.getByRole('status')).toHaveText(/ in Stacks\.$/);
      await section.selectOption('');
      await expect(page.locator('.search-result').first().getByRole('link')).toHaveText(targetName);

      // Tab on past the button to the first result and open it with Enter.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(page.locator('.search-result').first().getByRole('link')).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(target.path);
      expect(errors).toEqual([]);
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the search page says search needs JavaScript and links to the sections and llms-full.txt', async ({ page }) => {
    await page.goto(`${searchPath}?q=${encodeURIComponent(targetName)}`);
    await expect(page.locator('script[type="module"]')).toHaveCount(1);
    await expect(page.getByText('Search needs JavaScript')).toBeVisible();
    const fullText = DOCUMENTS.find((document) => document.path === '/llms-full.txt')!;
    await expect(page.locator(`.search-nojs a[href="${fullText.path}"]`)).toBeVisible();
    for (const sectionPage of SECTION_PAGES) await expect(page.locator(`.search-nojs a[href="${sectionPage.path}"]`)).toHaveCount(1);
  });
});

test('the page as a browser without JavaScript shows it passes axe', async ({ page }) => {
  // axe runs as a script, so the page's own script is refused instead of JavaScript as a whole.
  await page.route('**/_astro/*.js', (route) => route.abort());
  await page.goto(`${searchPath}?q=${encodeURIComponent(targetName)}`);
  await expect(page.getByText('Search needs JavaScript')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('the Portuguese search page searches the Portuguese pages, finding another inflection of a word', async ({ page }) => {
  const errors = watchErrors(page);
  // "serviços" is nowhere in ledger-sync's Portuguese text, which says "serviço": the pt stemmer joins them.
  const ledger = inventory.find((candidate) => candidate.entry?.slug === 'ledger-sync')!;
  await page.goto(`${localizedPath(searchPath, 'pt-BR')}?q=servi%C3%A7os`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  const link = page.locator('.search-result').getByRole('link', { name: ledger.title['pt-BR']!, exact: true });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', localizedPath(ledger.path, 'pt-BR'));
  // Only Portuguese pages answer there.
  for (const href of await page.locator('.search-result a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
    expect(href, 'a result on the Portuguese index').toMatch(/^\/pt-br\//);
  }
  await expect(page.getByRole('status')).toHaveText(/resultados? para “serviços”/);
  expect(errors).toEqual([]);
});
