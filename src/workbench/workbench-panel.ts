/**
 * <workbench-panel>: the live panel. It upgrades the server-rendered explanation into a run
 * with a progress bar, a verdict, a table of resources and checks, and a Run again button. It
 * writes in the page's language: its words come from the page (data-words), numbers follow <html lang>.
 */
import { renderRow } from './render-row.ts';
import { runWorkbench, type WorkbenchUrls } from './run-workbench.ts';
import { rowFailed, type PanelWords, type Row, type RowText } from './types.ts';
import { registerWebMcp } from './webmcp.ts';

/** Finds a required part of the panel's markup. */
function part<T extends Element>(root: Element, selector: string, type: new () => T): T {
  const found = root.querySelector(selector);
  if (!(found instanceof type)) throw new Error(`<workbench-panel> needs ${selector}`);
  return found;
}

/** `template` with each `{name}` replaced by its value. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));
}

/** The verdict as specified in English, the words a page in English passes. */
const SPEC_VERDICT: Pick<PanelWords, 'allPassed' | 'someFailed'> = { allPassed: 'All checks passed', someFailed: '{failed} checks failed' };

/**
 * The verdict's words, exactly as specified: "All checks passed" or "N checks failed" (even for 1,
 * so scripts can match one pattern), or the page's words for them.
 */
export function verdictText(failed: number, words: Pick<PanelWords, 'allPassed' | 'someFailed'> = SPEC_VERDICT): string {
  return failed === 0 ? words.allPassed : fill(words.someFailed, { failed });
}

export class WorkbenchPanel extends HTMLElement {
  #running = false;
  #text: RowText | undefined;

  /** The words and formats of the page's language, read once from the page. */
  get #rowText(): RowText {
    if (!this.#text) {
      const words = this.dataset['words'];
      if (words === undefined) throw new Error('<workbench-panel> needs data-words');
      const checksLang = this.dataset['checksLang'];
      this.#text = {
        words: JSON.parse(words) as PanelWords,
        numbers: new Intl.NumberFormat(document.documentElement.lang || undefined),
        ...(checksLang ? { checksLang } : {}),
      };
    }
    return this.#text;
  }

  connectedCallback(): void {
    const { words } = this.#rowText;
    const live = part(this, '[data-live]', HTMLElement);
    const rerun = part(this, '[data-rerun]', HTMLButtonElement);
    live.hidden = false;
    // The live table lists every resource the server-rendered list links; keep one of the two.
    for (const fallback of this.querySelectorAll<HTMLElement>('[data-static]')) fallback.hidden = true;
    rerun.addEventListener('click', () => void this.run(performance.now(), words.afterRerun));
    // WebMCP, only where the browser has it: the same resources, as read-only tools for an agent.
    registerWebMcp(navigator as { modelContext?: never }, {
      discoveryUrl: this.dataset['discoveryUrl'] ?? '',
      searchParam: this.dataset['searchParam'] ?? '',
      resources: [...this.querySelectorAll<HTMLAnchorElement>('[data-static] a[href]')].map((link) => link.getAttribute('href') ?? ''),
      verdict: () =>
        `${part(this, '[data-verdict]', HTMLElement).textContent} ${part(this, '[data-timing]', HTMLElement).textContent}`.trim(),
    });
    void this.run(0, words.afterLoad);
  }

  /** Runs every check; `started` is the performance.now() the timing counts from, `since` says from what. */
  async run(started: number, since: string): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    const text = this.#rowText;
    const { words, numbers } = text;
    const urls: WorkbenchUrls = {
      contract: this.dataset['contractUrl'] ?? '',
      audit: this.dataset['auditUrl'] ?? '',
      discovery: this.dataset['discoveryUrl'] ?? '',
      mcp: this.dataset['mcpUrl'] ?? '',
      pages: (this.dataset['pageUrls'] ?? '').split(' ').filter((url) => url !== ''),
      twins: (this.dataset['twinUrls'] ?? '').split(' ').filter((url) => url !== ''),
    };
    const progress = part(this, 'progress', HTMLProgressElement);
    const progressText = part(this, '[data-progress-text]', HTMLElement);
    const verdict = part(this, '[data-verdict]', HTMLElement);
    const timing = part(this, '[data-timing]', HTMLElement);
    const body = part(this, 'tbody', HTMLTableSectionElement);
    const rerun = part(this, '[data-rerun]', HTMLButtonElement);
    const drawn = new Map<Row, HTMLTableRowElement>();

    rerun.disabled = true;
    this.removeAttribute('data-verdict-ms');
    this.dataset['state'] = 'running';
    progress.removeAttribute('value');
    progressText.textContent = words.readingRoutes;
    verdict.textContent = '';
    verdict.dataset['verdict'] = 'running';
    timing.textContent = '';
    body.replaceChildren();

    const draw = (row: Row): void => {
      const next = renderRow(row, text);
      drawn.get(row)?.replaceWith(next);
      drawn.set(row, next);
    };
    let rows: Row[];
    try {
      rows = await runWorkbench(urls, {
        rows: (all) => {
          progress.max = all.length;
          progress.value = 0;
          progressText.textContent = fill(words.progress, { loaded: numbers.format(0), total: numbers.format(all.length) });
          for (const row of all) draw(row);
          body.replaceChildren(...drawn.values());
        },
        row: draw,
        progress: (loaded, total) => {
          progress.value = loaded;
          progressText.textContent = fill(words.progress, { loaded: numbers.format(loaded), total: numbers.format(total) });
        },
      });
    } catch (error) {
      // Checks never throw; this is the workbench itself failing. Say so rather than hang.
      this.#settle(verdictText(1, words), 'fail', fill(words.stopped, { reason: error instanceof Error ? error.message : String(error) }));
      return;
    }

    // Failing rows first, so the problems are the first thing a reader (or a screen reader) meets.
    body.replaceChildren(...rows.map((row) => drawn.get(row) ?? renderRow(row, text)));
    const checks = rows.flatMap((row) => row.checks);
    const failed = checks.filter((check) => !check.ok).length;
    const elapsed = Math.round(performance.now() - started);
    this.dataset['verdictMs'] = String(elapsed);
    const failingRows = rows.filter(rowFailed).length;
    this.#settle(
      verdictText(failed, words),
      failed === 0 ? 'pass' : 'fail',
      fill(words.summary, {
        checks: numbers.format(checks.length),
        resources: numbers.format(rows.length),
        failing: numbers.format(failingRows),
        ms: numbers.format(elapsed),
        since,
      }),
    );
  }

  /** Shows the verdict and its details, and lets the reader run again. */
  #settle(text: string, state: 'pass' | 'fail', details: string): void {
    const verdict = part(this, '[data-verdict]', HTMLElement);
    verdict.textContent = text;
    verdict.dataset['verdict'] = state;
    part(this, '[data-timing]', HTMLElement).textContent = details;
    part(this, '[data-rerun]', HTMLButtonElement).disabled = false;
    this.dataset['state'] = 'done';
    this.#running = false;
  }
}
