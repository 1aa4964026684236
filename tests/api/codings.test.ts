/**
 * The coding policy (src/api/codings.ts): the Brotli quality by size, one rule for the build and the
 * server; the first form of a payload and its paced upgrade to the best quality.
 */
import { brotliDecompressSync, constants } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import {
  bestBrotliQuality,
  brotliFormFor,
  brotliOptions,
  firstBrotliQuality,
  upgradeBacklog,
  UpgradePacing,
  UPGRADES,
} from '../../src/api/codings.ts';
import { PreparedPayload } from '../../src/api/payload-cache.ts';

const kB = 1024;

describe('Brotli quality', () => {
  it.each([
    [1, 1],
    [16 * kB, 1],
    [16 * kB + 1, 3],
    [2048 * kB, 3],
  ])('a first form of %i bytes gets quality %i', (bytes, quality) => expect(firstBrotliQuality(bytes)).toBe(quality));

  it.each([
    [1, 11],
    [256 * kB, 11],
    [256 * kB + 1, 10],
    [1024 * kB, 10],
    [1024 * kB + 1, 9],
  ])('the best form of %i bytes gets quality %i', (bytes, quality) => expect(bestBrotliQuality(bytes)).toBe(quality));

  it.each([
    [0, 10],
    [1000, 10],
    [1024, 11],
    [70_000, 17],
    [64 * 1024 * 1024, 24],
  ])('a part of %i bytes gets a window of 2^%i', (length, window) => {
    expect(brotliOptions(length, 5).params?.[constants.BROTLI_PARAM_LGWIN]).toBe(window);
  });
});

describe('UpgradePacing', () => {
  it('starts an upgrade only after enough requests, one at a time, within its share of a core', async () => {
    const pacing = new UpgradePacing({ afterRequests: 3, msPerSecond: 100, burstMs: 1 });
    expect(pacing.mayStart(2)).toBe(false);
    expect(pacing.mayStart(3)).toBe(true);
    const done = new Promise<Buffer | undefined>((resolve) => pacing.run(Buffer.from('x'.repeat(200_000)), 11, resolve));
    expect(pacing.mayStart(3)).toBe(false);
    expect(await done).toBeInstanceOf(Buffer);
    // The upgrade cost more than the 1 ms burst: no tokens left until they refill.
    expect(pacing.mayStart(3)).toBe(false);
  });
});

describe('brotliFormFor', () => {
  it('makes a first form, then upgrades it to a smaller final one after three requests', async () => {
    const json = JSON.stringify({
      items: Array.from({ length: 300 }, (_, at) => ({ slug: `entry-${at}`, text: 'some words '.repeat(at % 7) })),
    });
    const payload = new PreparedPayload(json, 'W/"t"');
    const cache = { grew: vi.fn() };
    const first = brotliFormFor(payload, cache);
    expect(first.final).toBe(false);
    expect(brotliDecompressSync(Buffer.concat([first.buffer, Buffer.from([0x03])])).toString()).toBe(`{"payload":${json}`);
    expect(brotliFormFor(payload, cache)).toBe(first);
    vi.spyOn(UPGRADES, 'mayStart').mockReturnValue(true);
    brotliFormFor(payload, cache);
    vi.restoreAllMocks();
    expect(first.final).toBe(true);
    await vi.waitFor(() => expect(payload.brotli).not.toBe(first));
    const best = payload.brotli!;
    expect(best.buffer.length).toBeLessThan(first.buffer.length);
    expect(best.requests).toBe(3);
    expect(brotliDecompressSync(Buffer.concat([best.buffer, Buffer.from([0x03])])).toString()).toBe(`{"payload":${json}`);
    expect(cache.grew).toHaveBeenCalledTimes(2);
  });
});

describe('upgradeBacklog', () => {
  it('counts the forms still at their first quality, and says whether an upgrade runs', async () => {
    const payloads = ['a', 'b', 'c'].map((text) => new PreparedPayload(JSON.stringify({ text: text.repeat(5000) }), `W/"${text}"`));
    const cache = { grew: vi.fn() };
    expect(upgradeBacklog(payloads)).toEqual({ waiting: 0, running: false });
    brotliFormFor(payloads[0]!, cache);
    brotliFormFor(payloads[1]!, cache);
    expect(upgradeBacklog(payloads)).toEqual({ waiting: 2, running: false });
    vi.spyOn(UPGRADES, 'mayStart').mockReturnValue(true);
    brotliFormFor(payloads[0]!, cache);
    vi.restoreAllMocks();
    expect(upgradeBacklog(payloads)).toEqual({ waiting: 1, running: true });
    await vi.waitFor(() => expect(upgradeBacklog(payloads).running).toBe(false));
  });
});
