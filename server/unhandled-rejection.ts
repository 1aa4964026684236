/**
 * Who decides about a rejected promise nobody handled: this server, not a library. Astro's Node
 * adapter installs a process-wide listener when the build is imported, which would let rejections
 * pass silently and leave the worker in an unknown state; ours logs, then exits so the primary
 * starts a fresh worker.
 */
import type { Log } from './log.ts';

/** Errors a client causes by going away: they say nothing about the worker's state, and exiting on them would let any client restart workers. */
const CLIENT_GONE = new Set(['ECONNRESET', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE', 'ABORT_ERR']);

/** Replaces every `unhandledRejection` listener by ours, which calls `exit` once, after logging. */
export function takeOverUnhandledRejections(log: Log, exit: (code: number) => void, target: NodeJS.Process = process): void {
  target.removeAllListeners('unhandledRejection');
  let exiting = false;
  target.on('unhandledRejection', (reason: unknown) => {
    const error = reason instanceof Error ? (reason.stack ?? reason.message) : String(reason);
    const code = (reason as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && CLIENT_GONE.has(code)) {
      log.warn({ message: 'unhandled rejection from a client that went away', error });
      return;
    }
    log.fatal({ message: 'unhandled rejection: exiting so the primary replaces this worker', error });
    if (!exiting) {
      exiting = true;
      exit(1);
    }
  });
}
