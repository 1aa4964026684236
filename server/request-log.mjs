// @ts-check
/**
 * One structured log line per request, when its connection is done with it (finished or aborted).
 * The line has the shape of every other log line (log.mjs) but is formatted here and handed to the
 * log's own destination: pino's general path (formatters, a copy of the fields) cost 5-8 µs a
 * request, a fifth of a small API answer's CPU; this line costs about 1 µs.
 */
import { cut, writeLine } from './log.mjs';

const quote = JSON.stringify;

/**
 * Logs a request once its response has been handed to the socket, or the client went away.
 * @param {import('./log.mjs').Log} log
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} path the parsed path, without the query
 * @param {number} seconds how long it took
 * @param {string | null} requestId the API's request id (null for pages and files)
 */
export function logRequest(log, req, res, path, seconds, requestId) {
  if (!log.isLevelEnabled('info')) return;
  const line =
    `{"level":"info","time":${Date.now()},"pid":${process.pid},"method":${quote(cut(req.method ?? ''))},` +
    `"path":${quote(cut(path))},"status":${res.statusCode},"ms":${Math.round(seconds * 100_000) / 100},` +
    `"request_id":${requestId === null ? 'null' : quote(cut(requestId))}${res.writableFinished ? '' : ',"aborted":true'}}\n`;
  writeLine(log, line);
}
