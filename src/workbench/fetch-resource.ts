/** Loads one resource whole and measures it: status, milliseconds, bytes, headers and body. */
import type { Fetched } from './types.ts';

/** Give up on a resource that takes longer than this, so a run always reaches a verdict. */
const TIMEOUT_MS = 15_000;

/** A resource that produced no usable response, with the reason. */
function unanswered(url: string, started: number, error: string): Fetched {
  return { url, status: 0, ms: performance.now() - started, bytes: 0, headers: new Headers(), text: '', json: undefined, error };
}

/** GETs a same-origin URL, bypassing the HTTP cache so every response is fresh (and has a fresh request id). */
export async function fetchResource(url: string, init: RequestInit = {}): Promise<Fetched> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, cache: 'no-store', redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    // Every inventory URL must answer 200 itself; a redirect (opaque under 'manual') is a finding.
    if (response.type === 'opaqueredirect') return unanswered(url, started, 'the response is a redirect');
    const body = await response.arrayBuffer();
    const ms = performance.now() - started;
    const text = new TextDecoder().decode(body);
    const base = { url, status: response.status, ms, bytes: body.byteLength, headers: response.headers, text };
    try {
      return { ...base, json: JSON.parse(text) as unknown };
    } catch (error) {
      return { ...base, json: undefined, error: error instanceof Error ? error.message : String(error) };
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return unanswered(url, started, `the request failed: ${reason}`);
  }
}

/** HEADs a same-origin URL: what it answers, in words ("200", "404", "a redirect", "no response"). */
export async function headAnswer(url: string): Promise<string> {
  try {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-store', redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    return response.type === 'opaqueredirect' ? 'a redirect' : String(response.status);
  } catch (error) {
    return `no response (${error instanceof Error ? error.message : String(error)})`;
  }
}
