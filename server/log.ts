/**
 * The server's structured log: one JSON line per event on stdout, with pino. Workers write through
 * an asynchronous buffer (requests are not slowed by the terminal or the journal); each write holds
 * whole lines and stays within PIPE_BUF (4096 bytes), so lines from several workers sharing stdout
 * never interleave: every string field is cut to MAX_FIELD_BYTES (with a marker), so a line fits
 * one write. The primary writes synchronously: few lines, and none lost before it exits.
 */
import { fstatSync } from 'node:fs';
import pino from 'pino';
import { LineWriter } from './line-writer.ts';

/** Atomic write size of a pipe on Linux and macOS (POSIX guarantees at least 512). */
const PIPE_BUF = 4096;
/**
 * Most bytes a string field takes in a line, JSON-escaped. A line holds a handful of fields, at most
 * a few of them client-sized or long (path, error), so with this bound a line stays under PIPE_BUF
 * and goes out in one atomic write however long a client's path or an error's stack.
 */
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
 * A worker's request lines leave in writes of whole lines, at most PIPE_BUF each, once 3.5 KB wait
 * (a file or a terminal; a pipe or socket batches more, below) and at the latest every 100 ms: one
 * write per handful of requests rather than per line. Events are written at once (createLog). At
 * most 16 MB wait for a stdout nobody reads; past that, lines are dropped and counted rather than held.
 */
const BUFFERED = { minLength: 3584, periodicFlush: 100, maxLength: 16 * 1024 * 1024 };
/**
 * On a pipe or socket, lines wait until 32 KB do (or the 100 ms flush), then leave in back-to-back
 * writes of at most PIPE_BUF each: a write that wakes the reader costs the worker tens of µs, and
 * the reader now wakes once a batch instead of once a write. Half the default 64 KB pipe capacity,
 * so a batch fits in it while the reader sleeps.
 */
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

/** The log, and its destination's writer for a line formatted like its own (the request line, request-log.ts). */
export type Log = pino.Logger & { writeLine: (line: string) => void };

export function createLog({ sync }: { sync: boolean }): Log {
  const destination = sync ? pino.destination({ dest: 1, sync, maxWrite: PIPE_BUF }) : workerDestination();
  if (!sync) reportDrops(destination);
  const log = pino(
    {
      base: { pid: process.pid },
      messageKey: 'message',
      formatters: { level: (label) => ({ level: label }), log: cutFields },
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
  // In order with the log's own lines, and within PIPE_BUF when its fields were cut.
  return Object.assign(log, { writeLine: (line: string) => void destination.write(line) });
}

/** Writes what is buffered, then exits. */
export function flushAndExit(log: Log, code: number): void {
  // Exit even if the flush never calls back (stdout closed).
  setTimeout(() => process.exit(code), 1_000).unref();
  log.flush(() => process.exit(code));
}
