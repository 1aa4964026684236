// @ts-check
/**
 * One structured log line per request, when its connection is done with it (finished or aborted).
 * The line has the shape of every other log line (log.mjs) but is formatted here and handed to the
 * log's own destination: pino's general path (formatters, a copy of the fields) cost 5-8 µs a
 * request, a fifth of a small API answer's CPU; this line costs about 1 µs.
 */
import { cut, writeLine } from './log.mjs';

const quote = JSON.stringify;
/** A short string of printable ASCII without `"` or `\`: its JSON form is itself in quotes. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]{0,160}$/;
/** A string field as JSON: most are plain (a method, a normalized path, a request id) and need no escaping. */
const field = (/** @type {string} */ value) => (PLAIN.test(value) ? `"${value}"` : quote(cut(value)));
const pid = process.pid;
/** The status of a request whose client went away before its answer began (nginx's 499). */
const CLIENT_CLOSED = 499;

/**
 * Logs a request once its response has been handed to the socket, or the client went away.
 * @param {import('./log.mjs').Log} log
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} path the parsed path, without the query
 * @param {number} milliseconds how long it took
 * @param {string | null} requestId the API's request id (null for pages and files)
 */
export function logRequest(log, req, res, path, milliseconds, requestId) {
  if (!log.isLevelEnabled('info')) return;
  const line =
    `{"level":"info","time":${Date.now()},"pid":${pid},"method":${field(req.method ?? '')},` +
    `"path":${field(path)},"status":${res.headersSent ? res.statusCode : CLIENT_CLOSED},"ms":${Math.round(milliseconds * 100) / 100},` +
    `"request_id":${requestId === null ? 'null' : field(requestId)}${res.writableFinished ? '' : ',"aborted":true'}}\n`;
  writeLine(log, line);
}
