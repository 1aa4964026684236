/**
 * A payload's coded forms (src/api/codings.ts): the Brotli quality by size, one rule for the build
 * and the server; the body in each coding; the first form of a payload and its paced upgrade to the
 * best quality, counted in the cache that holds the payload.
 */
import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import {
  bestBrotliQuality,
  brotliFormFor,
  brotliOptions,
  codedBody,
  firstBrotliQuality,
  PreparedPayload,
  upgradeBacklog,
  UpgradePacing,
  type Coding,
} from '../../src/api/codings.ts';

/** A cache's part in the forms: told when a payload grew, pacing the upgrades. */
const formCache = () => ({ resized: vi.fn(), upgrades: new UpgradePacing() });

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
    const cache = formCache();
    const first = brotliFormFor(payload, cache);
    expect(first.final).toBe(false);
    expect(brotliDecompressSync(Buffer.concat([first.buffer, Buffer.from([0x03])])).toString()).toBe(`{"payload":${json}`);
    expect(brotliFormFor(payload, cache)).toBe(first);
    vi.spyOn(cache.upgrades, 'mayStart').mockReturnValue(true);
    brotliFormFor(payload, cache);
    vi.restoreAllMocks();
    expect(first.final).toBe(true);
    await vi.waitFor(() => expect(payload.br).not.toBe(first));
    const best = payload.br!;
    expect(best.buffer.length).toBeLessThan(first.buffer.length);
    expect(best.requests).toBe(3);
    expect(brotliDecompressSync(Buffer.concat([best.buffer, Buffer.from([0x03])])).toString()).toBe(`{"payload":${json}`);
    expect(cache.resized).toHaveBeenCalledTimes(2);
    expect(cache.resized).toHaveBeenCalledWith(payload);
  });

  it('makes a form without a cache, and never upgrades it', () => {
    const payload = new PreparedPayload('{"error":true}', '');
    for (let request = 0; request < 5; request += 1) expect(brotliFormFor(payload, undefined).final).toBe(false);
  });
});

describe('codedBody', () => {
  const payload = () =>
    new PreparedPayload(JSON.stringify({ items: Array.from({ length: 50 }, (_, at) => ({ slug: `é-${at}` })) }), 'W/"t"');
  const tail = ',"request_id":"r-1","query":{"q":"ação"}}';
  const decode: Record<Coding, (body: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync, identity: (body) => body };

  it.each(['br', 'gzip', 'identity'] as const)('gives the envelope in %s, the tail verbatim after the cached parts', (coding) => {
    const kept = payload();
    const cache = formCache();
    const parts = codedBody(kept, tail, coding, cache);
    expect(decode[coding](Buffer.concat(parts)).toString()).toBe(`{"payload":${kept.json}${tail}`);
    expect(Buffer.concat(parts).includes(Buffer.from(tail))).toBe(true);
    // A form is made once, counted in the cache, and its parts are the same bytes next time.
    const again = codedBody(kept, tail, coding, cache);
    expect(again.slice(0, -1)).toEqual(parts.slice(0, -1));
    expect(again[coding === 'identity' ? 1 : 0]).toBe(parts[coding === 'identity' ? 1 : 0]);
    expect(cache.resized).toHaveBeenCalledTimes(coding === 'identity' ? 0 : 1);
  });

  it('counts each form in what the payload holds', () => {
    const kept = payload();
    const plain = kept.heldBytes();
    codedBody(kept, tail, 'gzip', undefined);
    // A gzip form counts its blocks and 64 bytes of bookkeeping.
    expect(kept.heldBytes()).toBe(plain + kept.gzip!.deflated.length + 64);
    codedBody(kept, tail, 'br', undefined);
    expect(kept.heldBytes()).toBe(plain + kept.gzip!.deflated.length + 64 + kept.br!.buffer.length);
    // Each form has a backing store of its own, not a slab of zlib's output.
    expect(kept.br!.buffer.buffer.byteLength).toBe(kept.br!.buffer.length);
    expect(kept.gzip!.deflated.buffer.byteLength).toBe(kept.gzip!.deflated.length);
  });
});

describe('upgradeBacklog', () => {
  it('counts the forms still at their first quality, and says whether an upgrade runs', async () => {
    const payloads = ['a', 'b', 'c'].map((text) => new PreparedPayload(JSON.stringify({ text: text.repeat(5000) }), `W/"${text}"`));
    const cache = formCache();
    const backlog = () => upgradeBacklog(payloads, cache.upgrades);
    expect(backlog()).toEqual({ waiting: 0, running: false });
    brotliFormFor(payloads[0]!, cache);
    brotliFormFor(payloads[1]!, cache);
    expect(backlog()).toEqual({ waiting: 2, running: false });
    vi.spyOn(cache.upgrades, 'mayStart').mockReturnValue(true);
    brotliFormFor(payloads[0]!, cache);
    vi.restoreAllMocks();
    expect(backlog()).toEqual({ waiting: 1, running: true });
    await vi.waitFor(() => expect(backlog().running).toBe(false));
  });
});
