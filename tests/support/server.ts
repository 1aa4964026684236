/** Builds the site for tests; the server runner lives with the scripts that share it. */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ASTRO_BIN } from '../../scripts/lib/astro-bin.ts';

export { freePort, startServer, type RunningServer } from '../../scripts/lib/run-server.ts';

/** Runs `astro build` (without astro check, which the lint gate runs). */
export function buildSite(env: NodeJS.ProcessEnv = {}): void {
  const outDir = env['DIST_DIR'] ?? process.env['DIST_DIR'];
  execFileSync(process.execPath, [ASTRO_BIN, 'build', ...(outDir ? ['--outDir', outDir] : [])], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
  });
}

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
