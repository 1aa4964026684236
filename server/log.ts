/**
 * The server's structured log: one JSON line per event on stdout, with pino. Workers write through
 * an asynchronous buffer (requests are not slowed by the terminal or the journal), in writes of
 * whole lines within PIPE_BUF, so lines from several workers sharing stdout never interleave. The
 * primary writes synchronously: few lines, and none lost before it exits.
 */
import { fstatSync } from 'node:fs';
import pino from 'pino';
import { LineWriter } from './line-writer.ts';

/** Atomic write size of a pipe on Linux and macOS (POSIX guarantees at least 512). */
const PIPE_BUF = 4096;
/** Most bytes a string field takes in a line, JSON-escaped: a line stays under PIPE_BUF however long a path or a stack. */
export const MAX_FIELD_BYTES = 1000;

/** Bytes a string takes inside a JSON line. */
const jsonBytes = (value: string) => Buffer.byteLength(JSON.stringify(value));

/** A string cut to at most `max` bytes as JSON, ending with a visible marker saying how much went. */
export function cut(value: string, max = MAX_FIELD_BYTES): string {
  if (value.length <= max / 6 || jsonBytes(value) <= max) return value;
  let keep = Math.min(value.length, max);
  let result;
  do {
    result = `${value.slice(0, keep)}…[cut ${value.length - keep} of ${value.length} chars]`;
    keep = Math.floor(keep * 0.8);
  } while (jsonBytes(result) > max);
  return result;
}

/** Every string field of a log line, cut (see MAX_FIELD_BYTES). */
const cutFields = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, typeof value === 'string' ? cut(value) : value]));

/**
 * Request lines leave once 3.5 KB wait, or at the latest every 100 ms: one write per handful of
 * requests. At most 16 MB wait for a stdout nobody reads; past that, lines are dropped and counted.
 */
const BUFFERED = { minLength: 3584, periodicFlush: 100, maxLength: 16 * 1024 * 1024 };
/** On a pipe, a batch wakes the reader once, not once a write; half a pipe's default 64 KB, so it fits while the reader sleeps. */
const PIPE_BATCH_BYTES = 32 * 1024;
const DROP_REPORT_MS = 10_000;

/** A worker's destination: a non-blocking stream on a pipe or a socket, else (a file, a terminal) sonic-boom's asynchronous writes. */
function workerDestination() {
  const stdout = fstatSync(1);
  if (stdout.isFIFO() || stdout.isSocket())
    return LineWriter.onDescriptor(1, { ...BUFFERED, maxWrite: PIPE_BUF, minLength: PIPE_BATCH_BYTES });
  return pino.destination({ dest: 1, sync: false, maxWrite: PIPE_BUF, ...BUFFERED });
}

/** Counts the lines a full buffer dropped and says so in the log every 10 s, once there is room. */
function reportDrops(destination: ReturnType<typeof workerDestination>): void {
  let dropped = 0;
  destination.on('drop', () => (dropped += 1));
  setInterval(() => {
    if (dropped === 0) return;
    destination.write(
      `${JSON.stringify({ level: 'warn', time: Date.now(), pid: process.pid, message: 'log lines dropped: stdout is not read fast enough', dropped })}\n`,
    );
    dropped = 0;
  }, DROP_REPORT_MS).unref();
}

/** The log of events, and `requests`, the same log for request lines, which wait in the buffer. */
export type Log = pino.Logger & { requests: pino.Logger };

export function createLog({ sync }: { sync: boolean }): Log {
  const destination = sync ? pino.destination({ dest: 1, sync, maxWrite: PIPE_BUF }) : workerDestination();
  if (!sync) reportDrops(destination);
  const options: pino.LoggerOptions = {
    base: { pid: process.pid },
    messageKey: 'message',
    formatters: { level: (label) => ({ level: label }), log: cutFields },
  };
  const log = pino(
    {
      ...options,
      // Events (a worker listening, draining, exiting) are few and awaited by people and tools:
      // they leave at once, with whatever request lines are buffered before them.
      hooks: {
        logMethod(args, method) {
          method.apply(this, args);
          if (!sync) destination.flush();
        },
      },
    },
    destination,
  );
  return Object.assign(log, { requests: pino(options, destination) });
}

/** Writes what is buffered, then exits. */
export function flushAndExit(log: Log, code: number): void {
  // Exit even if the flush never calls back (stdout closed).
  setTimeout(() => process.exit(code), 1_000).unref();
  log.flush(() => process.exit(code));
}
