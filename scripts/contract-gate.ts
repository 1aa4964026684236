/**
 * `npm run contract:gate`: compares the contract and content values of this code and content with
 * the last release (contract/released.json, see scripts/lib/contract-gate.ts); prints the changelog
 * of the diff; exits 1 naming each breaking change that was not declared.
 * `npm run contract:release`: makes this state the release: writes contract/released.json and adds
 * the changelog to contract/CHANGELOG.md (run it after a release, or after merging an intended change).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { loadCatalogOrExit } from './lib/content-exit.ts';
import { baselineOf, compareBaselines, type Baseline } from './lib/contract-gate.ts';

const RELEASED = 'contract/released.json';
const CHANGELOG = 'contract/CHANGELOG.md';
const release = process.argv.includes('--release');

const current = baselineOf(loadCatalogOrExit(release ? 'contract:release' : 'contract:gate'));
if (!existsSync(RELEASED)) {
  if (!release) {
    console.error(`contract:gate: ${RELEASED} is missing: run \`npm run contract:release\` to record the released contract.`);
    process.exit(1);
  }
}
const released = existsSync(RELEASED) ? (JSON.parse(readFileSync(RELEASED, 'utf8')) as Baseline) : current;
const started = performance.now();
const { failures, changelog } = compareBaselines(released, current);
const seconds = ((performance.now() - started) / 1000).toFixed(1);

if (release) {
  // Written as prettier writes them, so format:check keeps passing.
  writeFileSync(RELEASED, await format(JSON.stringify(current), { ...(await resolveConfig(RELEASED)), filepath: RELEASED }));
  const previous = existsSync(CHANGELOG) ? readFileSync(CHANGELOG, 'utf8').replace(/^# Contract changelog\n+/, '') : '';
  const section = changelog.length > 0 ? `## ${new Date().toISOString().slice(0, 10)}\n\n${changelog.join('\n')}\n\n` : '';
  writeFileSync(
    CHANGELOG,
    await format(`# Contract changelog\n\n${section}${previous}`, { ...(await resolveConfig(CHANGELOG)), filepath: CHANGELOG }),
  );
  console.log(`contract:release: wrote ${RELEASED}${section ? ` and ${changelog.length} changes to ${CHANGELOG}` : ''}.`);
  process.exit(0);
}
for (const line of changelog) console.log(`contract:gate: ${line.slice(2)}`);
if (failures.length > 0) {
  for (const line of failures) console.error(line);
  process.exit(1);
}
console.log(`contract:gate: compatible with ${RELEASED} (${changelog.length} changes, compared in ${seconds} s).`);
