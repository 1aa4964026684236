/**
 * Each worker's V8 heap limit (--max-old-space-size), derived from what a worker holds, so its heap
 * cannot grow past that to V8's default of several GB (docs/deploy.md#memory-budget): a base for the
 * code and working set, the build's share (every JSON file beside the API bundle is parsed into the
 * heap, at about twice its size on disk), and the byte budget (CACHE_BUDGET_MB).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';

export const MB = 1024 * 1024;
const HEAP_BASE_MB = 64;
const HEAP_BYTES_PER_JSON_BYTE = 2;

/** The heap plan of a worker serving the build in `distDir` with a byte budget of `cacheBudgetMb`, in MB. */
export function workerHeapPlan(distDir: URL, cacheBudgetMb: number) {
  const apiDir = new URL('server/api/', distDir);
  // A build without its API folder cannot start a worker, which says why: no share to plan for.
  const names = existsSync(apiDir) ? readdirSync(apiDir) : [];
  const jsonBytes = names.filter((name) => name.endsWith('.json')).reduce((sum, name) => sum + statSync(new URL(name, apiDir)).size, 0);
  const shareMb = Math.ceil((jsonBytes * HEAP_BYTES_PER_JSON_BYTE) / MB);
  const budgetMb = Math.ceil(cacheBudgetMb);
  return { shareMb, budgetMb, limitMb: HEAP_BASE_MB + shareMb + budgetMb };
}
