/** The verdict's words, exactly as the spec gives them. */
import { beforeAll, describe, expect, it, vi } from 'vitest';

let verdictText: (failed: number) => string;

beforeAll(async () => {
  // The module also defines the <workbench-panel> element, whose class extends the browser's HTMLElement.
  vi.stubGlobal('HTMLElement', class {});
  ({ verdictText } = await import('../../src/workbench/workbench-panel.ts'));
  vi.unstubAllGlobals();
});

describe('verdictText', () => {
  it.each([
    [0, 'All checks passed'],
    [1, '1 checks failed'],
    [2, '2 checks failed'],
    [137, '137 checks failed'],
  ])('%i failed → %j', (failed, text) => {
    expect(verdictText(failed)).toBe(text);
  });
});
