/**
 * `npm run mutate -- [area...]`: Stryker (stryker.config.mjs) on the unit project, area by area:
 * api, catalog, outputs (discovery with the contract), server; all four when none is named. Other
 * arguments starting with "-" go to Stryker (`--force` ignores the incremental file).
 */
import { spawnSync } from 'node:child_process';
import { AREAS } from '../stryker.config.mjs';

const args = process.argv.slice(2);
const requested = args.filter((arg) => !arg.startsWith('-'));
const areas = requested.length > 0 ? requested : Object.keys(AREAS);
for (const area of areas) {
  if (!(area in AREAS)) {
    console.error(`mutate: unknown area "${area}"; use ${Object.keys(AREAS).join(', ')}`);
    process.exit(2);
  }
  console.log(`mutate: ${area}`);
  const stryker = spawnSync('stryker', ['run', ...args.filter((arg) => arg.startsWith('-'))], {
    stdio: 'inherit',
    env: { ...process.env, MUTATE_AREA: area },
  });
  if (stryker.status !== 0) process.exit(stryker.status ?? 1);
}
