// @ts-check
/**
 * The server's structured log: one JSON line per event on stdout, with pino. Workers write through
 * an asynchronous buffer (requests are not slowed by the terminal or the journal); each write holds
 * whole lines and stays within PIPE_BUF (4096 bytes), so lines from several workers sharing stdout
 * never interleave: every string
 * field is cut to MAX_FIELD_BYTES (with a marker), so a line fits one write. The primary writes
 * synchronously: few lines, and none lost before it exits.
 */
import { fstatSync } from 'node:fs';
import pino from 'pino';
import { LineWriter } from './line-writer.mjs';

/** Atomic write size of a pipe on Linux and macOS (POSIX guarantees at least 512). */
const PIPE_BUF = 4096;
/**
 * Most bytes a string field takes in a line, JSON-escaped. A line holds a handful of fields, at most
 * a few of them client-sized or long (path, error), so with this bound a line stays under PIPE_BUF
 * and goes out in one atomic write however long a client's path or an error's stack.
 */
export const MAX_FIELD_BYTES = 1000;

/** Bytes a string takes inside a JSON line. */
const jsonBytes = (/** @type {string} */ value) => Buffer.byteLength(JSON.stringify(value));

/**
 * A string cut to at most `max` bytes as JSON, ending with a visible marker saying how much went.
 * @param {string} value
 * @param {number} [max]
 */
export function cut(value, max = MAX_FIELD_BYTES) {
  if (value.length <= max / 6 || jsonBytes(value) <= max) return value;
  let keep = Math.min(value.length, max);
  let result;
  do {
    result = `${value.slice(0, keep)}…[cut ${value.length - keep} of ${value.length} chars]`;
    keep = Math.floor(keep * 0.8);
  } while (jsonBytes(result) > max);
  return result;
}

/**
 * Every string field of a log line, cut (see MAX_FIELD_BYTES).
 * @param {Record<string, unknown>} fields
 */
function cutFields(fields) {
  /** @type {Record<string, unknown>} */
  const line = {};
  for (const [name, value] of Object.entries(fields)) line[name] = typeof value === 'string' ? cut(value) : value;
  return line;
}

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

/**
 * A worker's destination: a non-blocking stream when stdout is a pipe or a socket (line-writer.mjs),
 * else (a file, a terminal) sonic-boom's asynchronous writes.
 * @returns {import('pino').DestinationStream & import('node:events').EventEmitter & { flush(done?: () => void): void }}
 */
function workerDestination() {
  const stdout = fstatSync(1);
  if (stdout.isFIFO() || stdout.isSocket())
    return LineWriter.onDescriptor(1, { ...BUFFERED, maxWrite: PIPE_BUF, minLength: PIPE_BATCH_BYTES });
  return pino.destination({ dest: 1, sync: false, maxWrite: PIPE_BUF, ...BUFFERED });
}

/**
 * Counts the lines a full buffer dropped and says so in the log every 10 s, once there is room.
 * @param {import('pino').DestinationStream & import('node:events').EventEmitter} destination
 */
function reportDrops(destination) {
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

/**
 * Each log's destination, for the one line formatted outside pino (see writeLine).
 * @type {WeakMap<object, import('pino').DestinationStream>}
 */
const destinations = new WeakMap();

/**
 * @param {{ sync: boolean }} options
 */
export function createLog({ sync }) {
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
  destinations.set(log, destination);
  return log;
}

/**
 * Writes a line formatted like the log's own (the request line, request-log.mjs) to its destination,
 * in order with the others and within PIPE_BUF when its fields were cut.
 * @param {Log} log
 * @param {string} line one JSON object and its newline
 */
export function writeLine(log, line) {
  destinations.get(log)?.write(line);
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
