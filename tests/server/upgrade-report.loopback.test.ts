/**
 * The worker's SIGUSR2 report counts the Brotli forms still waiting for their upgrade to the best
 * quality, and says whether one is running (src/api/codings.ts): what the bench waits on before it
 * records what a warm server sends (scripts/bench/settle.ts). None on a fresh worker; one once a
 * payload answered in br is kept; none again once it has answered enough br requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpgradeBacklog } from '../../src/api/codings.ts';
import { apiUrl } from '../../src/routes/urls.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { eventually, liveWorkers, workerReport } from '../support/processes.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ WEB_CONCURRENCY: '1' });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe("the worker's upgrade report", () => {
  it('counts a kept br payload as waiting until it has answered enough br requests, then none', async () => {
    const [worker] = liveWorkers(server.output());
    const upgrades = async () => (await workerReport(server.output, worker!))['upgrades'] as UpgradeBacklog;
    expect(await upgrades()).toEqual({ waiting: 0, running: false });
    const seen: number[] = [];
    for (let request = 0; request < 8; request += 1) {
      // A search: its payload is made on request (a stored payload's form is final from the build).
      const response = await fetch(`${server.url}${apiUrl('listStacks')}?q=a&limit=50`, { headers: { 'accept-encoding': 'br' } });
      expect(response.headers.get('content-encoding')).toBe('br');
      await response.arrayBuffer();
      seen.push((await upgrades()).waiting);
    }
    // Waiting once the payload is kept (its second request), not any more once it was upgraded.
    expect(
      seen.some((waiting) => waiting > 0),
      seen.join(' '),
    ).toBe(true);
    expect(seen.at(-1)).toBe(0);
    let last: UpgradeBacklog | undefined;
    expect(await eventually(() => (void upgrades().then((value) => (last = value)), last?.running === false), 5000)).toBe(true);
  });
});
