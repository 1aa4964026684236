/**
 * Vitest global setup: a build of the current inputs and one production server for every loopback
 * test. With LOOPBACK_VIA=nginx (`npm run test:nginx`), a second instance starts and the tests get
 * Debian's nginx in front of both (deploy/nginx/local.sh) as their base URL: the same suites, through nginx.
 */
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startNginx } from './nginx.ts';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // Builds only when dist/ was not built from the inputs as they are (scripts/ensure-build.ts):
  // `npm run verify` runs the build gate first, and `npm test` builds once for both vitest runs.
  execFileSync(process.execPath, ['scripts/ensure-build.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  const server = await startServer();
  if (process.env['LOOPBACK_VIA'] !== 'nginx') {
    project.provide('baseUrl', server.url);
    return () => server.stop();
  }
  const second = await startServer();
  // A fleet-wide limit the suites never reach, as the instances run with RATE_LIMIT=off.
  const nginx = await startNginx(
    [server, second].map((instance) => Number(new URL(instance.url).port)),
    { API_RATE: '100000r/s', API_BURST: '100000' },
  );
  project.provide('baseUrl', nginx.url);
  return async () => {
    await nginx.stop();
    await Promise.all([server.stop(), second.stop()]);
  };
}
