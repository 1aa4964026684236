/**
 * A draining worker's connections (server/connections.ts): an idle one closes once its grace has
 * passed, and at the deadline whatever is left is cut and counted.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { trackConnections } from '../../server/connections.ts';

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

/** A server tracking its connections, with one client that sent one request; `answer`: whether it is answered. */
async function oneClient(answer: boolean) {
  const server = createServer((req, res) => {
    if (connections.requestStarted(req, res) && answer) res.end('ok');
  });
  const connections = trackConnections(server, () => {});
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  closers.push(() => server.close());
  const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
  closers.push(() => client.destroy());
  client.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
  if (answer) await once(client, 'data');
  else await once(server, 'request');
  return { connections, client };
}

/** What drain() reported, and when (ms after it was asked). */
function drained(connections: ReturnType<typeof trackConnections>, deadline: number) {
  const started = Date.now();
  return new Promise<{ cut: unknown; ms: number }>((resolve) =>
    connections.drain(deadline, (cut) => resolve({ cut, ms: Date.now() - started })),
  );
}

describe('drain', () => {
  it('closes an idle connection after its grace, and cuts nothing', async () => {
    const { connections, client } = await oneClient(true);
    const closed = once(client, 'close');
    const { cut, ms } = await drained(connections, Date.now() + 10_000);
    expect(cut).toBeNull();
    expect(ms).toBeLessThan(3_000); // before node:http closes it idle (5 s)
    await closed;
  });

  it('cuts a connection still busy at the deadline, and counts its request', async () => {
    const { connections } = await oneClient(false);
    const { cut, ms } = await drained(connections, Date.now() + 200);
    expect(cut).toEqual({ connections: 1, requests: 1 });
    expect(ms).toBeLessThan(1_000);
  });
});
