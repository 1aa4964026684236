/**
 * docs/deploy.md, "Configuration errors": `node server/index.ts` with a bad value exits 1 within
 * 5 s, before any worker starts, with exactly one JSON line naming the variable, its value and what
 * is allowed. One bad value of every variable the schema checks, and the cases an operator meets:
 * a port in use, METRICS_PORT equal to PORT.
 */
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/server.ts';
import { BAD, NEEDS } from '../support/bad-config.ts';

/** Runs the server with `env` and waits for it to exit (killed at 10 s). */
function run(env: Record<string, string>) {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['server/index.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', WEB_CONCURRENCY: '1', RATE_LIMIT: 'off', ...env },
    encoding: 'utf8',
    timeout: 10_000,
  });
  const ms = Math.round(performance.now() - started);
  const lines = result.stdout.split('\n').filter((line) => line.trim() !== '');
  return { status: result.status, signal: result.signal, ms, lines, stderr: result.stderr };
}

let held: Server;
let heldPort: number;
let freeOne: number;
beforeAll(async () => {
  held = createServer();
  await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
  heldPort = (held.address() as { port: number }).port;
  freeOne = await freePort();
});
afterAll(() => held.close());

const OPERATOR_CASES: [string, string, () => Record<string, string>][] = [
  ['CACHE_BUDGET_MB=-1', 'CACHE_BUDGET_MB', () => ({ PORT: String(freeOne), CACHE_BUDGET_MB: '-1' })],
  ['CACHE_BUDGET_MB=0', 'CACHE_BUDGET_MB', () => ({ PORT: String(freeOne), CACHE_BUDGET_MB: '0' })],
  ['CACHE_BUDGET_MB=abc', 'CACHE_BUDGET_MB', () => ({ PORT: String(freeOne), CACHE_BUDGET_MB: 'abc' })],
  ['PORT=99999', 'PORT', () => ({ PORT: '99999' })],
  ['HOST=not.a.host', 'HOST', () => ({ PORT: String(freeOne), HOST: 'not.a.host' })],
  ['a port in use', 'PORT', () => ({ PORT: String(heldPort) })],
  ['METRICS_PORT equal to PORT', 'METRICS_PORT', () => ({ PORT: String(freeOne), METRICS_PORT: String(freeOne) })],
];
const SCHEMA_CASES: [string, string, () => Record<string, string>][] = Object.entries(BAD)
  .filter(([variable]) => !OPERATOR_CASES.some(([, named]) => named === variable))
  .map(([variable, [value]]) => [
    `${variable}=${value}`,
    variable,
    () => ({ PORT: String(freeOne), ...NEEDS[variable], [variable]: value! }),
  ]);

describe('a bad setting stops the start', () => {
  it.each([...OPERATOR_CASES, ...SCHEMA_CASES])('%s: exit 1 within 5 s, one JSON line naming %s', (label, variable, env) => {
    const given = env();
    const { status, ms, lines, stderr } = run(given);
    console.log(JSON.stringify({ test: 'config error', case: label, status, ms, line: lines[0] }));
    expect(status).toBe(1);
    expect(ms).toBeLessThan(5_000);
    expect(lines).toHaveLength(1);
    expect(stderr).toBe('');
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 'fatal', variable, value: given[variable], allowed: expect.any(String) });
    expect(line['message']).toMatch(new RegExp(`^${variable} must be `));
  });

  it('names every bad variable in its one line: the first in variable, the others in more', () => {
    const { status, lines } = run({ PORT: 'abc', LOG_REQUESTS: 'yes' });
    expect(status).toBe(1);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({
      variable: 'PORT',
      value: 'abc',
      more: [{ variable: 'LOG_REQUESTS', value: 'yes', allowed: '"on" or "off"' }],
    });
    expect(line['message']).toMatch(/^PORT must be .*; LOG_REQUESTS must be /);
  });
});
