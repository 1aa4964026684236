/** Shared browser checks of the Playwright specs: errors a page logs, and axe in both colour schemes. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG rule sets every page is held to. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * An axe run inside the page itself. Axe's default mode opens a second page in the context to
 * combine frame results on every analysis; these pages embed no frames, and running in the page
 * takes a page's two colour schemes from 3.0 s to 1.2 s of the browser suite. Violations are
 * collected node by node, other results one node each (axe's `resultTypes`): every rule still runs,
 * but passes are not each given a selector (pages.spec.ts: 42 → 39 s, medians of 3).
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
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

/** An axe run over the whole page, or over `within` only. */
function scan(builder: AxeBuilder, within: string | undefined): AxeBuilder {
  return within ? builder.include(within) : builder;
}

/**
 * Serious and critical axe violations of the page as it stands, as lines starting with `label`;
 * `within` limits the scan to one part of the page.
 */
export async function seriousViolations(page: Page, label: string, within?: string): Promise<string[]> {
  const { violations } = await scan(axeOn(page).withTags(AXE_TAGS), within).analyze();
  return seriousOf(violations, label);
}

/** The serious and critical ones of axe's violations, each as a line starting with `label`. */
function seriousOf(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations'], label: string): string[] {
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
  const { violations } = await scan(axeOn(page).withRules(COLOUR_RULES), within).analyze();
  return [...serious, ...seriousOf(violations, labelled('dark'))];
}
