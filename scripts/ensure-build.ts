/**
 * `prestart`: never serve a stale build. Compares the inputs recorded in dist/build.json with the
 * project as it is (content/, src/, public/, configuration, SITE_URL) and rebuilds when they differ,
 * saying why. The rebuild is `site:export` (content errors named file by file) then `astro build`;
 * `astro check` runs in the lint gate.
 *
 *   node scripts/ensure-build.ts           rebuild when stale
 *   node scripts/ensure-build.ts --check   only report; exit 1 when stale
 *
 * DIST_DIR (relative to the project root) checks and builds another folder. It never rebuilds a
 * symlink's folder (releases/current): that is a release, maybe served; `npm run release` makes a new one.
 *
 * Run it with the project's Node (`npm start`, `npx node scripts/ensure-build.ts`): a bare `node` 20
 * cannot run TypeScript.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ASTRO_BIN } from './lib/astro-bin.ts';
import { BUILD_RECORD, buildInputs, staleReasons, type BuildInputs } from '../src/integrations/build-inputs.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const distDir = join(root, process.env['DIST_DIR'] ?? 'dist');
const label = process.env['DIST_DIR'] ?? 'dist';

/** Why dist/ cannot be served as it is; empty when it was built from the current inputs. */
function reasonsToBuild(): string[] {
  if (!existsSync(join(distDir, 'server/entry.mjs')) || !existsSync(join(distDir, 'client/index.html'))) {
    return [`no build in ${label}/`];
  }
  const recordPath = join(distDir, BUILD_RECORD);
  if (!existsSync(recordPath)) return [`${label}/ has no ${BUILD_RECORD} (built by an older version)`];
  let recorded: BuildInputs;
  try {
    recorded = JSON.parse(readFileSync(recordPath, 'utf8')) as BuildInputs;
  } catch {
    return [`${label}/${BUILD_RECORD} is unreadable`];
  }
  return staleReasons(recorded, buildInputs(root));
}

const reasons = reasonsToBuild();
if (reasons.length === 0) {
  console.log(`ensure-build: ${label}/ is up to date (build ${buildInputs(root).id}).`);
} else if (process.argv.includes('--check')) {
  console.log(`ensure-build: ${label}/ is stale:\n${reasons.map((reason) => `  - ${reason}`).join('\n')}`);
  process.exitCode = 1;
} else if (existsSync(distDir) && lstatSync(distDir).isSymbolicLink()) {
  console.error(
    `ensure-build: ${label}/ is stale (${reasons.join('; ')}) and is a symlink to a release: run npm run release to build a new release beside it.`,
  );
  process.exitCode = 1;
} else {
  console.log(`ensure-build: rebuilding ${label}/ because:\n${reasons.map((reason) => `  - ${reason}`).join('\n')}`);
  // Each step prints its own errors: then one line says which step failed, without a stack.
  const run = (step: string, args: string[]) => {
    try {
      execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
      return true;
    } catch (error) {
      console.error(`ensure-build: ${step} failed (exit ${(error as { status?: number }).status ?? '?'}); ${label}/ is not built.`);
      process.exitCode = 1;
      return false;
    }
  };
  if (
    run('site:export', [join(root, 'scripts/site-export.ts')]) &&
    run('astro build', [ASTRO_BIN, 'build', ...(process.env['DIST_DIR'] ? ['--outDir', process.env['DIST_DIR']] : [])])
  ) {
    const left = reasonsToBuild();
    if (left.length > 0) throw new Error(`ensure-build: ${label}/ is still stale after the build: ${left.join('; ')}`);
  }
}
