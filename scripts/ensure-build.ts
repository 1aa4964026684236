/** Builds the site when dist/ is missing, so `npm start` works on a fresh clone. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (existsSync('dist/server/entry.mjs') && existsSync('dist/client/index.html')) {
  console.log('ensure-build: dist/ exists; run `npm run build` to rebuild after changes.');
} else {
  console.log('ensure-build: no build found, running `npm run build`...');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}
