/**
 * The README's configuration table and docs/deploy.md's "Readiness" say what the code does: every
 * variable server/config-schema.ts checks has a row with its default and its bounds; every field of
 * /api/health has a row and a description in the contract; the systemd unit lets READY=1 through.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VARIABLES } from '../../server/config-schema.ts';
import { HealthPayloadSchema } from '../../src/schemas/api.ts';

const readme = readFileSync('README.md', 'utf8');
const deploy = readFileSync('docs/deploy.md', 'utf8');

/** The rows of the first Markdown table after `heading` whose header starts with `header`, as cells. */
function tableAfter(text: string, heading: string, header = '|'): string[][] {
  const section = text.slice(text.indexOf(heading));
  const lines = section.split('\n');
  const start = lines.findIndex((line) => line.startsWith(header));
  const rows = lines.slice(start).filter((_, index, all) => all.slice(0, index + 1).every((line) => line.startsWith('|')));
  return rows.slice(2).map((row) =>
    row
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );
}

/** Whole numbers written in a text (2147483647, 1–65535), without thousands separators. */
const numbers = (text: string) => new Set(text.match(/\d+(\.\d+)?/g) ?? []);

describe("README's configuration table", () => {
  const rows = new Map(tableAfter(readme, '## Configuration').map(([variable = '', ...rest]) => [variable.replaceAll('`', ''), rest]));

  it('has a row for every variable the server checks, with its default', () => {
    for (const [name, { fallback }] of Object.entries(VARIABLES)) {
      if (name === 'NODE_OPTIONS') continue; // Node's own
      const row = rows.get(name);
      expect(row, name).toBeDefined();
      const [shown = ''] = row!;
      if (name === 'WEB_CONCURRENCY') expect(shown).toBe('available cores');
      else if (fallback === undefined) expect(['off', 'none']).toContain(shown);
      else expect(shown, name).toBe(`\`${fallback}\``);
    }
  });

  it("gives no bound the schema's own words do not have", () => {
    for (const [name, { allowed }] of Object.entries(VARIABLES)) {
      const row = rows.get(name);
      if (!row) continue;
      const [, shownAllowed = ''] = row;
      for (const number of numbers(shownAllowed)) expect(numbers(allowed), `${name}: ${number}`).toContain(number);
    }
  });
});

describe('docs/deploy.md, Readiness', () => {
  /** Every field of the health payload, nested ones as parent.child. */
  function fields(schema: z.ZodObject, prefix = ''): [string, z.ZodType][] {
    return Object.entries(schema.shape).flatMap(([name, field]) => {
      const path = `${prefix}${name}`;
      const own: [string, z.ZodType] = [path, field as z.ZodType];
      return field instanceof z.ZodObject ? [own, ...fields(field, `${path}.`)] : [own];
    });
  }
  const health = fields(HealthPayloadSchema);

  it('lists every field of /api/health, and the contract describes each', () => {
    const documented = tableAfter(deploy, '## Readiness', '| field ').map(([field = '']) => field.replaceAll('`', ''));
    expect(documented).toEqual(health.map(([path]) => path));
    for (const [path, field] of health) expect(field.description, path).toMatch(/\w/);
  });

  it('runs the unit as Type=notify, and lets the child systemd-notify through', () => {
    const unit = deploy.slice(deploy.indexOf('```ini'), deploy.indexOf('```', deploy.indexOf('```ini') + 6));
    expect(unit).toMatch(/^Type=notify$/m);
    expect(unit).toMatch(/^NotifyAccess=all$/m);
    expect(unit).toMatch(/^Restart=on-failure$/m);
  });
});
