/** Shared browser checks of the Playwright specs: errors a page logs, and axe in both colour schemes. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG rule sets every page is held to. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Collects console errors and page errors (CSP violations are console errors). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Serious and critical axe violations of the page as it stands, in the light and the dark theme. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const serious: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    serious.push(
      ...violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${colorScheme}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`),
    );
  }
  return serious;
}
