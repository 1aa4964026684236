/**
 * Browser checks of the website: one page of each family in a real browser (one h1, no console
 * errors, nothing from another origin, no JavaScript, no serious axe violations in either theme),
 * every inventory page over HTTP (status, unique title, canonical, description, JSON-LD, JSON twin),
 * the 404 page, and phone width on the pages with the longest unbreakable text.
 */
import { expect, test, type ConsoleMessage, type Page, type Request } from '@playwright/test';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { pageInventory, type PageFamily, type PageRecord } from '../../src/site/pages.ts';
import { absoluteUrl } from '../../src/site/config.ts';
import { pageOfProject, seriousAxeViolations } from '../support/browser.ts';
import { localizedPath } from '../../src/routes/locale-paths.ts';
import { LOCALES } from '../../src/schemas/common.ts';

const catalog = loadCatalogFromFiles();
const inventory = pageInventory(catalog);

/** Families whose pages host an interactive island; their own spec tests them. */
const INTERACTIVE_FAMILIES: ReadonlySet<PageFamily> = new Set(['workbench', 'openapi']);

/** The first page of each content family, in inventory order. */
const samples: PageRecord[] = inventory.filter(
  (page, index) => !INTERACTIVE_FAMILIES.has(page.family) && inventory.findIndex((other) => other.family === page.family) === index,
);

/** Decodes the few entities Astro writes into attribute values and text. */
const decode = (text: string): string =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The `content`/`href` of the first tag matching `pattern`, decoded. */
function attribute(html: string, pattern: RegExp): string | undefined {
  const value = pattern.exec(html)?.[1];
  return value === undefined ? undefined : decode(value);
}

/** Every schema.org @type in the page's ld+json blocks (top level and arrays). */
function jsonLdTypes(html: string): string[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? 'null') as unknown,
  );
  return blocks
    .flatMap((block) => (Array.isArray(block) ? block : [block]))
    .map((node) => String((node as { '@type'?: unknown })['@type']));
}

/**
 * Records what a page does while it loads: console errors, requests, and the origin it should stay
 * on; `stop` removes the listeners from a page that outlives the test.
 */
function watch(page: Page, origin: string) {
  const log = { errors: [] as string[], foreign: [] as string[], scripts: [] as string[] };
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error') log.errors.push(message.text());
  };
  const onPageError = (error: Error) => log.errors.push(error.message);
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.origin !== origin) log.foreign.push(request.url());
    if (request.resourceType() === 'script' || url.pathname.endsWith('.js') || url.pathname.endsWith('.mjs'))
      log.scripts.push(request.url());
  };
  page.on('console', onConsole).on('pageerror', onPageError).on('request', onRequest);
  const stop = () => page.off('console', onConsole).off('pageerror', onPageError).off('request', onRequest);
  return { log, stop };
}

/**
 * The family tests share one page per worker and navigate it, each watched while it runs. A browser
 * context per test started a renderer and compiled axe again for every page: 12 pages took 28 s of
 * CPU that way, 8 s in one page. Content pages keep nothing a later test could see: no script
 * runs, nothing is stored.
 */
const familyTest = test.extend<{ watched: { page: Page; log: ReturnType<typeof watch>['log'] } }, { sharedPage: Page }>({
  sharedPage: [
    async ({ browser }, use, workerInfo) => {
      const page = await pageOfProject(browser, workerInfo);
      await use(page);
      await page.context().close();
    },
    { scope: 'worker' },
  ],
  watched: async ({ sharedPage, baseURL }, use) => {
    const { log, stop } = watch(sharedPage, new URL(baseURL ?? 'http://127.0.0.1').origin);
    await use({ page: sharedPage, log });
    stop();
  },
});

test('the sample covers every content family of the inventory', () => {
  const families = new Set(inventory.map((page) => page.family).filter((family) => !INTERACTIVE_FAMILIES.has(family)));
  expect(new Set(samples.map((page) => page.family))).toEqual(families);
  expect(samples.length).toBe(families.size);
});

test.describe('one page of each family in each language, in the browser', () => {
  for (const path of LOCALES.flatMap((locale) => samples.map((record) => localizedPath(record.path, locale)))) {
    familyTest(`${path}`, async ({ watched: { page, log } }) => {
      // 'load': every subresource is in; with no script on the page nothing can request more after it.
      const response = await page.goto(path, { waitUntil: 'load' });

      expect(response?.status()).toBe(200);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('main#main')).toHaveCount(1);
      // Content pages ship no JavaScript: the only scripts are JSON-LD data blocks.
      const scriptTypes = await page.locator('script').evaluateAll((scripts) => scripts.map((script) => script.getAttribute('type')));
      expect(scriptTypes.filter((type) => type !== 'application/ld+json')).toEqual([]);
      expect(log.scripts).toEqual([]);
      expect(log.foreign).toEqual([]);
      expect(log.errors).toEqual([]);

      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }
});

test('every inventory page answers 200 with a unique title, its canonical URL and its metadata', async ({ request }) => {
  const titles = new Map<string, string>();
  for (const record of inventory) {
    const response = await request.get(record.path);
    expect(response.status(), record.path).toBe(200);
    const html = await response.text();

    const title = decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
    expect(title, `${record.path} has a title`).not.toBe('');
    expect(titles.get(title), `title "${title}" of ${record.path} is unique`).toBeUndefined();
    titles.set(title, record.path);

    expect(attribute(html, /<link rel="canonical" href="([^"]*)"/), `${record.path} canonical`).toBe(absoluteUrl(record.path));
    expect(attribute(html, /<meta name="description" content="([^"]*)"/)?.length ?? 0, `${record.path} description`).toBeGreaterThanOrEqual(
      50,
    );
    expect(attribute(html, /<meta property="og:url" content="([^"]*)"/), `${record.path} og:url`).toBe(absoluteUrl(record.path));
    expect(attribute(html, /<meta name="twitter:card" content="([^"]*)"/), `${record.path} twitter:card`).toBeTruthy();
    expect(html.match(/<h1[\s>]/g)?.length, `${record.path} has one h1`).toBe(1);
    if (record.api_url) {
      expect(attribute(html, /<link rel="alternate" type="application\/json" href="([^"]*)"/), `${record.path} JSON twin`).toBe(
        record.api_url,
      );
    }

    if (INTERACTIVE_FAMILIES.has(record.family)) continue;
    const types = jsonLdTypes(html);
    expect(types, `${record.path} JSON-LD`).toEqual(expect.arrayContaining(['Organization', 'Person']));
    if (record.entry) {
      expect(types, `${record.path} breadcrumbs`).toContain('BreadcrumbList');
      // The JSON twin is also a visible link, not only a <link> element.
      expect(html, `${record.path} visible JSON link`).toContain(`<a href="${record.api_url}"`);
    }
    if (record.family === 'project') expect(types).toContain('SoftwareSourceCode');
    if (record.family === 'case') expect(types).toContain('CreativeWork');
    if (record.family === 'home') expect(types).toContain('WebSite');
  }
  expect(titles.size).toBe(inventory.length);
});

test('an unknown address answers 404 with the not-found page', async ({ page }) => {
  const unknown = `/no-page-here-${catalog.version}/`;
  expect(inventory.some((record) => record.path === unknown)).toBe(false);
  const response = await page.goto(unknown);
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('h1')).toContainText(/not found/i);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  /** The detail page of `family` whose entry has the longest command: the hardest to fit. */
  const longestCommandPage = (family: 'project' | 'stack'): string => {
    const collection = family === 'project' ? catalog.collections.projects : catalog.collections.stacks;
    const longest = (commands: readonly { command: string }[]): number => Math.max(0, ...commands.map((item) => item.command.length));
    const entry = [...collection].sort((a, b) => longest(b.commands) - longest(a.commands))[0];
    const record = inventory.find((page) => page.family === family && page.entry?.slug === entry?.slug);
    if (!record) throw new Error(`no ${family} page to test`);
    return record.path;
  };
  const longestTitlePage = [...inventory].sort((a, b) => b.title['en-US'].length - a.title['en-US'].length)[0]?.path ?? '/';

  for (const path of [longestCommandPage('project'), longestCommandPage('stack'), longestTitlePage, '/']) {
    test(`${path} has no horizontal scroll at 375px`, async ({ page }) => {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
    });
  }
});
