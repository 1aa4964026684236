/** /api/health on the production server: the build it runs, its release, and a live uptime. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { ROUTES } from '../../src/routes/routes.ts';
import { expectEnvelope, fetchApi } from '../support/api-call.ts';
import { sleep } from '../support/load.ts';

const baseUrl = inject('baseUrl');
const distDir = process.env['DIST_DIR'] ?? 'dist';
const healthPath = ROUTES.find((route) => route.id === 'getHealth')!.path;

interface Health {
  status: string;
  version: string;
  build: string;
  uptime_seconds: number;
}

const health = async (): Promise<Health> =>
  expectEnvelope(await fetchApi(baseUrl, healthPath), { status: 200, path: healthPath }).payload as Health;

describe('/api/health on the built server', () => {
  it('reports the id recorded in dist/build.json and the package version', async () => {
    const recorded = JSON.parse(readFileSync(join(distDir, 'build.json'), 'utf8')) as { id: string };
    const payload = await health();
    expect(recorded.id).toMatch(/^[0-9a-f]{16}$/);
    expect(payload.build).toBe(recorded.id);
    expect(payload.version).toBe(packageJson.version);
    expect(payload.status).toBe('ok');
  });

  it('counts uptime on every request (never a cached payload)', async () => {
    const first = await health();
    // Two seconds: the two workers may answer, and they started up to a second apart.
    await sleep(2_100);
    const second = await health();
    expect(Number.isInteger(first.uptime_seconds)).toBe(true);
    expect(second.uptime_seconds).toBeGreaterThan(first.uptime_seconds);
  });
});
