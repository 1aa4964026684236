/** Builds the site when dist/ (or DIST_DIR) is missing, so `npm start` works on a fresh clone. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const distDir = process.env['DIST_DIR'] ?? 'dist';
if (existsSync(join(distDir, 'server/entry.mjs')) && existsSync(join(distDir, 'client/index.html'))) {
  console.log(`ensure-build: ${distDir}/ exists; run \`npm run build\` to rebuild after changes.`);
} else {
  console.log('ensure-build: no build found, running `npm run build`...');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}
