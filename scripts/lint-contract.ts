/**
 * Lints the contract as the API serves it: writes it to a file, then runs Redocly CLI (the
 * recommended rules, warnings counted as errors) and Spectral (spectral:oas, failing on warnings).
 * A local SITE_URL makes the contract's server localhost, which Redocly rightly warns about for a
 * public contract; that one rule is skipped only then, and the script says so (without SITE_URL
 * the server is the relative "/").
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildContract } from '../src/contract/build.ts';
import { configuredSiteUrl } from '../src/site/config.ts';
import { loadCatalogOrExit } from './lib/content-exit.ts';

const file = '.tmp/openapi.json';
mkdirSync('.tmp', { recursive: true });
writeFileSync(file, `${JSON.stringify(buildContract(loadCatalogOrExit('lint-contract')), null, 2)}\n`);

const base = configuredSiteUrl();
const local = base !== undefined && ['localhost', '127.0.0.1', '[::1]'].includes(new URL(base).hostname);
if (local) console.log(`lint-contract: SITE_URL is local (${base}): skipping Redocly's no-server-example.com rule.`);

/** Runs one linter from node_modules/.bin; telemetry and update checks off (no network). */
function run(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  return result.status === 0;
}

const redocly = run('redocly', [
  'lint',
  '--extends=recommended-strict',
  ...(local ? ['--skip-rule=no-server-example.com'] : []),
  '--format=codeframe',
  file,
]);
const spectral = run('spectral', ['lint', '--ruleset', '.spectral.yaml', '--fail-severity=warn', file]);
process.exit(redocly && spectral ? 0 : 1);
