/** Shared browser checks of the Playwright specs: errors a page logs, and axe in both colour schemes. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import type { Browser, BrowserContextOptions, Page, TestInfo } from '@playwright/test';

/** The WCAG rule sets every page is held to. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core's minified build: 0.65 MB to send into each page, against 1.5 MB for its plain one. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What one axe run covers: the rules of some tags, some rules by id, or axe's default rules; in the whole page or `within` one part. */
export interface AxeScope {
  tags?: string[];
  rules?: string[];
  within?: string | undefined;
}

/**
 * One axe-core run inside the page. Axe is injected once per document and every later run reuses
 * it; @axe-core/playwright's legacy mode injected it twice a run, and a page's two colour schemes
 * took 1.47 s that way against 1.05 s this way. These pages embed no frames, so there is nothing to
 * inject axe into but the page.
 * Violations are collected node by node, other results one node each (axe's `resultTypes`): every
 * rule still runs, but passes are not each given a selector.
 */
export async function runAxe(page: Page, { tags, rules, within }: AxeScope = {}): Promise<AxeResults> {
  // Colours mid-transition are neither the old ones nor the new (Swagger UI's buttons fade for
  // 0.3 s, and a theme switch starts such fades): axe reads colours as they are, so finite
  // animations finish first.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { resultTypes: ['violations'] };
  if (tags) options.runOnly = { type: 'tag', values: tags };
  if (rules) options.runOnly = { type: 'rule', values: rules };
  return page.evaluate(
    ({ selector, runOptions }) => (window as unknown as { axe: typeof import('axe-core') }).axe.run(selector ?? document, runOptions),
    { selector: within, runOptions: options },
  );
}

/** Collects console errors and page errors (CSP violations are console errors). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Serious and critical axe violations of the page as it stands, as lines starting with `label`;
 * `within` limits the scan to one part of the page.
 */
export async function seriousViolations(page: Page, label: string, within?: string): Promise<string[]> {
  const { violations } = await runAxe(page, { tags: AXE_TAGS, within });
  return seriousOf(violations, label);
}

/** The serious and critical ones of axe's violations, each as a line starting with `label`. */
function seriousOf(violations: Result[], label: string): string[] {
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${label}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

/**
 * The axe rules whose outcome depends on colours. The dark theme changes colours only (custom
 * properties under prefers-color-scheme in src/styles/global.css and the workbench's panel; Swagger
 * UI's and the console's stylesheets have no dark variant), so in it these are the rules to run again.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Serious and critical axe violations of the page as it stands: every rule in the light theme, and
 * the colour rules again in the dark one; each line starts with `label` (if any) and the theme.
 * `within` limits both scans to one part of the page.
 */
export async function seriousAxeViolations(page: Page, label?: string, within?: string): Promise<string[]> {
  const labelled = (theme: string) => (label === undefined ? theme : `${label}, ${theme}`);
  await page.emulateMedia({ colorScheme: 'light' });
  const serious = await seriousViolations(page, labelled('light'), within);
  await page.emulateMedia({ colorScheme: 'dark' });
  const { violations } = await runAxe(page, { rules: COLOUR_RULES, within });
  return [...serious, ...seriousOf(violations, labelled('dark'))];
}

/**
 * A page in a context of its own with the project's baseURL, for tests that share one page (a
 * worker fixture or a serial group's beforeAll, where the `page` fixture is not available).
 * Closing its context is the caller's.
 */
export async function pageOfProject(
  browser: Browser,
  testInfo: Pick<TestInfo, 'project'>,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const { baseURL } = testInfo.project.use;
  const context = await browser.newContext({ ...(baseURL ? { baseURL } : {}), ...options });
  return context.newPage();
}
