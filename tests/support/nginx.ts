/** Runs deploy/nginx/local.sh on a free loopback port in front of instances, for the nginx suite. */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { spawnCaptured } from '../../scripts/lib/run-server.ts';
import { freePort } from './server.ts';

export interface RunningNginx {
  url: string;
  /** local.sh itself (nginx is its child). */
  process: ChildProcess;
  /** What local.sh and nginx printed. */
  output: () => string;
  /** The folder local.sh works in (removed when it stops). */
  workDir: string;
  /** `nginx -s reload` on this nginx, as the printed command says. */
  reload: () => void;
  /** That command, as one line for a shell. */
  reloadCommand: string;
  /** SIGTERM and wait for local.sh to exit. */
  stop: () => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Whether Debian's nginx is installed (`.ci/run` installs it). */
export function nginxInstalled(): boolean {
  return (
    spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0 || spawnSync('/usr/sbin/nginx', ['-v'], { stdio: 'ignore' }).status === 0
  );
}

/** `localSh` is another checkout's local.sh (a project copy's, serving that copy's build). */
export async function startNginx(
  instancePorts: readonly number[],
  env: NodeJS.ProcessEnv = {},
  localSh = 'deploy/nginx/local.sh',
): Promise<RunningNginx> {
  const port = await freePort();
  const { child, output, exited } = spawnCaptured(localSh, [String(port), ...instancePorts.map(String)], {
    ...process.env,
    ...env,
  });
  const ready = /\(reload: (\S+) (-p (\S+) .*-s reload)\)/;
  for (let attempt = 0; attempt < 100 && !ready.test(output()); attempt += 1) {
    if (child.exitCode !== null) throw new Error(`local.sh exited: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const match = ready.exec(output());
  if (!match) throw new Error(`local.sh did not start: ${output()}`);
  const [, binary, reloadArgs, workDir] = match;
  // nginx is up once it answers; the printed line comes just before.
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      await fetch(`http://127.0.0.1:${port}/robots.txt`);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    output,
    workDir: workDir!,
    reloadCommand: `${binary} ${reloadArgs}`,
    reload: () => {
      const result = spawnSync(binary!, reloadArgs!.split(' '), { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`nginx -s reload: ${result.stderr}`);
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
