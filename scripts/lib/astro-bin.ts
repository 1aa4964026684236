/** Astro's command-line entry, to run with `process.execPath`: scripts may run outside npm, where node_modules/.bin is not on PATH. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const ASTRO_BIN = join(dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'bin/astro.mjs');
