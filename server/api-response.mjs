// @ts-check
/** Writes what `answerApi` returned: status, headers and the JSON body (none for HEAD, 204 and 304). */

/**
 * @param {import('node:http').IncomingMessage} _req for content negotiation (compression) later
 * @param {import('node:http').ServerResponse} res
 * @param {import('../src/api/respond.ts').ApiResponse} result
 */
export function sendApiResponse(_req, res, result) {
  res.writeHead(result.status, result.headers);
  res.end(result.body ?? undefined);
}
