/** The server runner, which lives with the scripts that share it, and what tests read of a build. */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export { freePort, startServer, type RunningServer } from '../../scripts/lib/run-server.ts';

/** The largest file of a build's client folder, as a site path with its size (a long download for the tests). */
export function largestClientFile(distDir: string): { path: string; size: number } {
  const client = join(distDir, 'client');
  let best = { path: '/', size: 0 };
  for (const entry of readdirSync(client, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const size = statSync(file).size;
    if (size > best.size) best = { path: `/${relative(client, file).split('\\').join('/')}`, size };
  }
  return best;
}
