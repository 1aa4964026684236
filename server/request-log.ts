/**
 * One structured log line per request, when its connection is done with it (finished or aborted).
 * The line has the shape of every other log line (log.ts) but is formatted here and handed to the
 * log's own destination: pino's general path (formatters, a copy of the fields) costs several times
 * this line, a fifth of a small API answer's CPU.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cut, type Log } from './log.ts';

/** A short string of printable ASCII without `"` or `\`: its JSON form is itself in quotes. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]{0,160}$/;
/** A string field as JSON: most are plain (a method, a normalized path, a request id) and need no escaping. */
const field = (value: string) => (PLAIN.test(value) ? `"${value}"` : JSON.stringify(cut(value)));
const pid = process.pid;
/** The status of a request whose client went away before its answer began (nginx's 499). */
const CLIENT_CLOSED = 499;

/**
 * Logs a request once its response has been handed to the socket, or the client went away: `path`
 * is the parsed path without the query, `requestId` the API's (null for pages and files).
 */
export function logRequest(
  log: Log,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  milliseconds: number,
  requestId: string | null,
): void {
  if (!log.isLevelEnabled('info')) return;
  log.writeLine(
    `{"level":"info","time":${Date.now()},"pid":${pid},"method":${field(req.method ?? '')},` +
      `"path":${field(path)},"status":${res.headersSent ? res.statusCode : CLIENT_CLOSED},"ms":${Math.round(milliseconds * 100) / 100},` +
      `"request_id":${requestId === null ? 'null' : field(requestId)}${res.writableFinished ? '' : ',"aborted":true'}}\n`,
  );
}
