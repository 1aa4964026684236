/**
 * Readiness, told to systemd (Type=notify) once every worker listens. Node has no Unix datagram
 * sockets, so systemd's own `systemd-notify --ready` sends READY=1 and waits until systemd has read
 * it; the unit needs NotifyAccess=all for a message from that child.
 */
import { execFile } from 'node:child_process';
import type { Log } from './log.ts';

/** The message a worker sends its primary before it exits without having listened (with its `cause`). */
export const START_FAILED = 'start-failed';
/** Bound on systemd-notify's wait for systemd. */
const NOTIFY_TIMEOUT_MS = 5_000;

/** Tells systemd the server is ready (`status`: a line for `systemctl status`), when systemd asked to be told. */
export function notifyReady(notifySocket: string | null, log: Log, status: string): void {
  if (notifySocket === null) return;
  // The primary's environment, NOTIFY_SOCKET included, passes on as it is.
  execFile(
    'systemd-notify',
    ['--ready', `--pid=${process.pid}`, `--status=${status}`],
    { timeout: NOTIFY_TIMEOUT_MS },
    (error, _stdout, stderr) => {
      if (error) log.error({ message: 'systemd-notify failed: systemd was not told READY=1', error: `${error.message} ${stderr}`.trim() });
      else log.info({ message: 'told systemd: READY=1' });
    },
  );
}
