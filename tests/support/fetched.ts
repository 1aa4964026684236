/** Responses for workbench checks, built by hand: what `fetchResource` would have read. */
import type { Fetched } from '../../src/workbench/types.ts';

/** A 200 response with `text` as its body (parsed when it is JSON) and the given headers. */
export function fetched(url: string, text: string, headers: Record<string, string> = {}, status = 200): Fetched {
  let json: unknown;
  let error: string | undefined;
  try {
    json = JSON.parse(text);
  } catch (problem) {
    error = (problem as Error).message;
  }
  return {
    url,
    status,
    ms: 1,
    bytes: new TextEncoder().encode(text).length,
    headers: new Headers(headers),
    text,
    json,
    ...(error === undefined ? {} : { error }),
  };
}
