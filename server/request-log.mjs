// @ts-check
/** One structured log line per request, when its connection is done with it (finished or aborted). */

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
  log.info({
    method: req.method,
    path,
    status: res.statusCode,
    ms: Math.round(seconds * 100_000) / 100,
    request_id: requestId,
    ...(res.writableFinished ? {} : { aborted: true }),
  });
}
