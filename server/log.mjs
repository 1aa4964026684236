// @ts-check
/**
 * The server's structured log: one JSON line per event on stdout, with pino. Workers write through
 * an asynchronous buffer (requests are not slowed by the terminal or the journal); each write holds
 * whole lines and stays within PIPE_BUF (4096 bytes), so lines from several workers sharing stdout
 * never interleave. The primary writes synchronously: few lines, and none lost before it exits.
 */
import pino from 'pino';

/** Atomic write size of a pipe on Linux and macOS (POSIX guarantees at least 512). */
const PIPE_BUF = 4096;

/**
 * @param {{ sync: boolean }} options
 */
export function createLog({ sync }) {
  return pino(
    {
      base: { pid: process.pid },
      messageKey: 'message',
      formatters: { level: (label) => ({ level: label }) },
    },
    pino.destination({ dest: 1, sync, maxWrite: PIPE_BUF }),
  );
}

/** @typedef {ReturnType<typeof createLog>} Log */

/**
 * Writes what is buffered, then exits.
 * @param {Log} log
 * @param {number} code
 */
export function flushAndExit(log, code) {
  // Exit even if the flush never calls back (stdout closed).
  setTimeout(() => process.exit(code), 1_000).unref();
  log.flush(() => process.exit(code));
}
