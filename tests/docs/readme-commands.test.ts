/** The README's commands table names every npm script of package.json, so a new script is documented. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const scripts = Object.keys((JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts);
const readme = readFileSync('README.md', 'utf8');

/** How the README writes a script: `npm start`, `npm test`, `npm run x`, or a pre-script named in a row. */
function mentioned(script: string): boolean {
  return [`\`npm ${script}\``, `\`npm run ${script}\``, `\`${script}\``].some((form) => readme.includes(form));
}

describe('README commands', () => {
  it.each(scripts)('names %s', (script) => {
    expect(mentioned(script)).toBe(true);
  });
});
