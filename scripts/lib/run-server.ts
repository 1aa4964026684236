/** Runs the production server (server/index.ts) on a free loopback port, for tests and matrix:check. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A child process with everything it prints collected, and a promise of its exit. */
export function spawnCaptured(command: string, args: readonly string[], env: NodeJS.ProcessEnv) {
  const child: ChildProcess = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

export interface RunningServer {
  url: string;
  /** The primary process. */
  process: ChildProcess;
  /** Everything the server printed (one JSON line per event and per request). */
  output: () => string;
  /** Resolves once the primary has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Stops it with SIGTERM (a graceful drain) and waits for the exit. */
  stop: () => Promise<void>;
}

/**
 * Starts the server and waits (unless told not to) until the primary says all workers listen. Two
 * workers unless WEB_CONCURRENCY says otherwise, so every loopback test goes through the cluster path.
 * No rate limit unless RATE_LIMIT says otherwise: every test client is 127.0.0.1.
 */
export async function startServer(env: NodeJS.ProcessEnv = {}, { wait = true }: { wait?: boolean } = {}): Promise<RunningServer> {
  const port = await freePort();
  const { child, output, exited } = spawnCaptured(process.execPath, ['server/index.ts'], {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    WEB_CONCURRENCY: '2',
    RATE_LIMIT: 'off',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; wait && attempt < 200; attempt += 1) {
    if (output().includes('"message":"listening"')) break;
    if (child.exitCode !== null) throw new Error(`server/index.ts exited: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    process: child,
    output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
