/** One structured log line per request, when its connection is done with it (finished or aborted). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Log } from './log.ts';

/** The status of a request whose client went away before its answer began (nginx's 499). */
const CLIENT_CLOSED = 499;

/** `path` is the parsed path without the query, `requestId` the API's (null for pages and files). */
export function logRequest(
  log: Log,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  milliseconds: number,
  requestId: string | null,
): void {
  log.requests.info({
    method: req.method,
    path,
    status: res.headersSent ? res.statusCode : CLIENT_CLOSED,
    ms: Math.round(milliseconds * 100) / 100,
    request_id: requestId,
    aborted: res.writableFinished ? undefined : true,
  });
}
