// @ts-check
/** One structured JSON line per finished request on stdout. */

/**
 * Logs a request once its response has been handed to the socket.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} path the parsed path, without the query
 * @param {bigint} started from process.hrtime.bigint()
 */
export function logRequest(req, res, path, started) {
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const requestId = res.getHeader('X-Request-Id');
  process.stdout.write(
    `${JSON.stringify({ method: req.method, path, status: res.statusCode, ms: Math.round(ms * 100) / 100, request_id: requestId ?? null })}\n`,
  );
}
