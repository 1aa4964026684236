/**
 * <workbench-panel>: the live panel. It upgrades the server-rendered explanation into a run
 * with a progress bar, a verdict, a table of resources and checks, and a Run again button.
 */
import { renderRow } from './render-row.ts';
import { runWorkbench, type WorkbenchUrls } from './run-workbench.ts';
import { rowFailed, type Row } from './types.ts';
import { registerWebMcp } from './webmcp.ts';

/** Finds a required part of the panel's markup. */
function part<T extends Element>(root: Element, selector: string, type: new () => T): T {
  const found = root.querySelector(selector);
  if (!(found instanceof type)) throw new Error(`<workbench-panel> needs ${selector}`);
  return found;
}

/** The verdict's words, exactly as specified: "All checks passed" or "N checks failed" (even for 1, so scripts can match one pattern). */
export function verdictText(failed: number): string {
  return failed === 0 ? 'All checks passed' : `${failed} checks failed`;
}

export class WorkbenchPanel extends HTMLElement {
  #running = false;

  connectedCallback(): void {
    const live = part(this, '[data-live]', HTMLElement);
    const rerun = part(this, '[data-rerun]', HTMLButtonElement);
    live.hidden = false;
    // The live table lists every resource the server-rendered list links; keep one of the two.
    for (const fallback of this.querySelectorAll<HTMLElement>('[data-static]')) fallback.hidden = true;
    rerun.addEventListener('click', () => void this.run(performance.now(), 'after Run again'));
    // WebMCP, only where the browser has it: the same resources, as read-only tools for an agent.
    registerWebMcp(navigator as { modelContext?: never }, {
      discoveryUrl: this.dataset['discoveryUrl'] ?? '',
      searchParam: this.dataset['searchParam'] ?? '',
      resources: [...this.querySelectorAll<HTMLAnchorElement>('[data-static] a[href]')].map((link) => link.getAttribute('href') ?? ''),
      verdict: () =>
        `${part(this, '[data-verdict]', HTMLElement).textContent} ${part(this, '[data-timing]', HTMLElement).textContent}`.trim(),
    });
    void this.run(0, 'after page load');
  }

  /** Runs every check; `started` is the performance.now() the timing counts from. */
  async run(started: number, since: string): Promise<void> {
    if (this.#running) return;
    this.#running = true;
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
    progressText.textContent = 'Reading the route table…';
    verdict.textContent = '';
    verdict.dataset['verdict'] = 'running';
    timing.textContent = '';
    body.replaceChildren();

    const draw = (row: Row): void => {
      const next = renderRow(row);
      drawn.get(row)?.replaceWith(next);
      drawn.set(row, next);
    };
    let rows: Row[];
    try {
      rows = await runWorkbench(urls, {
        rows: (all) => {
          progress.max = all.length;
          progress.value = 0;
          progressText.textContent = `0/${all.length} resources loaded`;
          for (const row of all) draw(row);
          body.replaceChildren(...drawn.values());
        },
        row: draw,
        progress: (loaded, total) => {
          progress.value = loaded;
          progressText.textContent = `${loaded}/${total} resources loaded`;
        },
      });
    } catch (error) {
      // Checks never throw; this is the workbench itself failing. Say so rather than hang.
      this.#settle(verdictText(1), 'fail', `The run stopped: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }

    // Failing rows first, so the problems are the first thing a reader (or a screen reader) meets.
    body.replaceChildren(...rows.map((row) => drawn.get(row) ?? renderRow(row)));
    const checks = rows.flatMap((row) => row.checks);
    const failed = checks.filter((check) => !check.ok).length;
    const elapsed = Math.round(performance.now() - started);
    this.dataset['verdictMs'] = String(elapsed);
    const failingRows = rows.filter(rowFailed).length;
    this.#settle(
      verdictText(failed),
      failed === 0 ? 'pass' : 'fail',
      `${checks.length} checks on ${rows.length} resources (${failingRows} failing); verdict ${elapsed} ms ${since}.`,
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
