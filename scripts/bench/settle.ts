/** Warming the server's Brotli forms before the classes are recorded, and how the br bodies compare with quality 11. */
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import type { BenchClass } from './classes.ts';
import { workerReport, type Running } from './processes.ts';
import { fetchRaw, type Recorded } from './recording.ts';

/**
 * How the br bodies the server sent compare with Brotli quality 11 on the same decoded bytes, per
 * API class (spliced: a cached part compressed once, the per-request tail stored, about 170 bytes).
 */
export function brotliRatios(classes: readonly BenchClass[], responses: Map<string, Recorded>): string {
  const lines: string[] = [];
  for (const item of classes) {
    let sent = 0;
    let best = 0;
    for (const request of item.requests) {
      const recorded = responses.get(fetchKey(request))!;
      if (recorded.headers['content-encoding'] !== 'br' || !String(recorded.headers['content-type']).includes('json')) continue;
      sent += recorded.body.length;
      best += brotliCompressSync(brotliDecompressSync(recorded.body), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    }
    if (best > 0)
      lines.push(`${item.id} ${(sent / best).toFixed(3)} (${sent.toLocaleString('en-US')} / ${best.toLocaleString('en-US')} bytes)`);
  }
  return lines.length === 0 ? 'No API response was sent in br.' : `API br size / Brotli quality 11 on the same bytes: ${lines.join('; ')}.`;
}

/**
 * Asks every distinct request until the server is warm: a payload's Brotli form is improved (the
 * best quality, in the background) once it has answered enough br requests, and the floor should
 * replay, and the size ratios describe, what the server sends once warm. The server says when that
 * is: its SIGUSR2 report counts the forms still waiting for their upgrade and whether one is
 * running (src/api/codings.ts). Passes a second apart until it reports none and a pass changed no
 * size, at most SETTLE_PASSES.
 */
export async function settleBrotli(server: Running, classes: readonly BenchClass[]): Promise<void> {
  const SETTLE_PASSES = 12;
  // Its upgrade came after 3 br requests, and one more pass sees the upgraded size.
  const UNREPORTED_PASSES = 5;
  const requests = classes.flatMap((item) => item.requests);
  let sizes = new Map<string, number>();
  for (let pass = 1; pass <= SETTLE_PASSES; pass += 1) {
    const current = new Map<string, number>();
    for (const request of requests) current.set(fetchKey(request), (await fetchRaw(server.url, request)).body.length);
    const changed = [...current].filter(([key, size]) => sizes.get(key) !== size).map(([key]) => key);
    // A commit from before the report (an --against checkout) is asked UNREPORTED_PASSES times at least.
    const upgrades = (await workerReport(server))?.upgrades ?? (pass < UNREPORTED_PASSES ? { waiting: 1, running: false } : undefined);
    if (changed.length === 0 && !upgrades?.waiting && !upgrades?.running) return;
    if (pass === SETTLE_PASSES)
      console.error(
        `bench: not warm after ${SETTLE_PASSES} passes (${upgrades?.waiting ?? 0} Brotli forms waiting); still changing size: ${changed.join('; ')}`,
      );
    sizes = current;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

export const fetchKey = (request: { path: string; headers: Record<string, string> }) =>
  `${request.path} ${JSON.stringify(request.headers)}`;
