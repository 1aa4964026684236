/** Builds the site for tests; the server runner lives with the scripts that share it. */
import { execFileSync } from 'node:child_process';

export { freePort, startServer, type RunningServer } from '../../scripts/lib/run-server.ts';

/** Runs `astro build` (without astro check, which the build gate runs). */
export function buildSite(env: NodeJS.ProcessEnv = {}): void {
  const outDir = env['DIST_DIR'] ?? process.env['DIST_DIR'];
  execFileSync('astro', ['build', ...(outDir ? ['--outDir', outDir] : [])], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
  });
}
