/**
 * The server's settings are read and checked once, by one schema (server/config-schema.ts): every
 * variable's default, what each refuses with the variable, the value and what is allowed, and the
 * checks only the machine can answer (HOST resolves, PORT is free, METRICS_PORT apart from PORT).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, VARIABLES } from '../../server/config-schema.ts';
import { configFromPrimary, readConfig, workerEnv } from '../../server/config.ts';
import { BAD, NEEDS, UNCHECKED } from '../support/bad-config.ts';

/** A folder that holds a build record, so DIST_DIR passes. */
const dist = mkdtempSync(join(tmpdir(), 'config-dist-'));
writeFileSync(join(dist, 'build.json'), '{}');
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const base = { DIST_DIR: dist };

/** The problems readConfig refuses `env` with. */
async function problems(env: Record<string, string>, probe = false) {
  try {
    await readConfig({ ...base, ...env }, { probe });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('defaults', () => {
  it('every variable with a default passes with it, and blank means unset', async () => {
    const blank = Object.fromEntries(Object.keys(VARIABLES).map((name) => [name, '  ']));
    const config = await readConfig({ ...blank, ...base }, { probe: false });
    expect(config).toMatchObject({
      port: 4321,
      host: '127.0.0.1',
      cacheBudgetMb: 128,
      cacheBudgetBytes: 128 * 1024 * 1024,
      shutdownTimeoutMs: 10_000,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 65_000,
      metricsPort: null,
      metricsHost: '127.0.0.1',
      logRequests: true,
      rateLimit: { points: 600, seconds: 60 },
      trustProxy: null,
      mallocMmapThreshold: 65_536,
      notifySocket: null,
    });
    expect(config.workers).toBeGreaterThanOrEqual(1);
    for (const [name, { fallback }] of Object.entries(VARIABLES)) {
      if (fallback !== undefined && name !== 'DIST_DIR')
        await expect(readConfig({ ...base, [name]: fallback }, { probe: false })).resolves.toBeTruthy();
    }
  });

  it('reads what is given', async () => {
    const config = await readConfig(
      {
        ...base,
        PORT: '8080',
        CACHE_BUDGET_MB: '0.5',
        LOG_REQUESTS: 'off',
        RATE_LIMIT: 'off',
        TRUST_PROXY: '10.0.0.0/8',
        METRICS_PORT: '0',
      },
      { probe: false },
    );
    expect(config).toMatchObject({
      port: 8080,
      cacheBudgetBytes: 512 * 1024,
      logRequests: false,
      rateLimit: null,
      trustProxy: '10.0.0.0/8',
      metricsPort: 0,
    });
  });

  it('reaches a worker whole, through one variable', async () => {
    const config = await readConfig({ ...base, TRUST_PROXY: '127.0.0.1', RATE_LIMIT: '5/1s' }, { probe: false });
    expect(configFromPrimary(workerEnv(config))).toEqual(config);
    expect(() => configFromPrimary({})).toThrow(/runs under its primary/);
  });
});

describe('refusals', () => {
  it('covers every variable the schema checks', () => {
    expect(Object.keys(BAD).sort()).toEqual(
      Object.keys(VARIABLES)
        .filter((name) => !UNCHECKED.includes(name))
        .sort(),
    );
  });

  const cases = Object.entries(BAD).flatMap(([variable, values]) => values.map((value) => [variable, value] as const));
  it.each(cases)('%s=%j: names the variable, the value and what is allowed', async (variable, value) => {
    const extra = NEEDS[variable] ?? {};
    const [problem, ...more] = await problems({ ...extra, [variable]: value });
    expect(more).toEqual([]);
    expect(problem).toMatchObject({ variable, value, allowed: expect.any(String) });
  });

  it('says every bad variable at once', async () => {
    expect((await problems({ PORT: 'abc', LOG_REQUESTS: 'yes' })).map((problem) => problem.variable)).toEqual(['PORT', 'LOG_REQUESTS']);
  });

  it('refuses METRICS_PORT equal to PORT on a shared address, not on another one', async () => {
    expect(await problems({ PORT: '9000', METRICS_PORT: '9000' })).toEqual([
      { variable: 'METRICS_PORT', value: '9000', allowed: 'a port other than PORT (9000) when METRICS_HOST and HOST share an address' },
    ]);
    expect((await problems({ PORT: '9000', METRICS_PORT: '9000', HOST: '0.0.0.0' }))[0]?.variable).toBe('METRICS_PORT');
    await expect(
      readConfig({ ...base, PORT: '9000', METRICS_PORT: '9000', HOST: '127.0.0.1', METRICS_HOST: '127.0.0.2' }, { probe: false }),
    ).resolves.toBeTruthy();
  });
});

describe('probes', () => {
  let held: Server | undefined;
  afterAll(() => held?.close());

  it('refuses a port in use, and a HOST that is not this machine', async () => {
    held = createServer();
    await new Promise<void>((resolve) => held!.listen(0, '127.0.0.1', resolve));
    const port = String((held.address() as { port: number }).port);
    expect(await problems({ PORT: port }, true)).toEqual([
      { variable: 'PORT', value: port, allowed: 'a port free on 127.0.0.1 that this user may bind', cause: 'EADDRINUSE' },
    ]);
    expect(await problems({ PORT: '4999', METRICS_PORT: port }, true)).toEqual([
      { variable: 'METRICS_PORT', value: port, allowed: 'a port free on 127.0.0.1 that this user may bind', cause: 'EADDRINUSE' },
    ]);
    expect(await problems({ HOST: '192.0.2.1' }, true)).toMatchObject([
      { variable: 'HOST', value: '192.0.2.1', cause: 'not an address of this machine' },
    ]);
  });
});
