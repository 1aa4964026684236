/**
 * Which answers may be replayed, decided here once: a GET's answer is the same bytes for every GET of
 * the same target and If-None-Match, but for its request id and time, unless the request brought a
 * request id of its own (echoed back) or the route is live (respond.ts adds that). The server keeps
 * such answers in its cache (server/answer-memo.mjs) under this key and the coding, and looks them
 * up under the same key.
 */
import type { RequestTarget } from './request-target.ts';

/**
 * A target and If-None-Match longer than this together are answered by the handler every time: no
 * budget spent on hostile spellings (a header section may hold 16 KB).
 */
export const MAX_REPLAY_KEY_LENGTH = 512;

/**
 * The key an answer to this request is replayed under, or undefined when it may not be: only a GET
 * without a request id of its own and without If-Modified-Since (its answer depends on a date the key
 * does not hold: a 304 must never be replayed to a plain GET), and only a short target and If-None-Match.
 */
export function replayKeyOf(
  method: string,
  target: RequestTarget,
  requestIdHeader: string | readonly string[] | null | undefined,
  ifNoneMatch: string | null | undefined,
  ifModifiedSince: string | null | undefined,
): string | undefined {
  if (method !== 'GET' || (requestIdHeader !== undefined && requestIdHeader !== null)) return undefined;
  if (ifModifiedSince !== undefined && ifModifiedSince !== null) return undefined;
  const { path, search } = target;
  const tag = ifNoneMatch ?? '';
  if (path.length + search.length + tag.length > MAX_REPLAY_KEY_LENGTH) return undefined;
  return `${tag}\u0000${path}?${search}`;
}
