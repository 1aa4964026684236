/**
 * What tells two benchmark requests apart: the path with its query and the request headers
 * that change the answer. The recorder and the floor server share it.
 */

/** Request headers the benchmark varies; anything else is the same for every request. */
export const VARYING_HEADERS = ['accept-encoding', 'if-none-match'] as const;

/** One key per distinct benchmark request. */
export function replayKey(path: string, headers: Record<string, string | string[] | undefined>): string {
  return [path, ...VARYING_HEADERS.map((name) => String(headers[name] ?? ''))].join('\n');
}
