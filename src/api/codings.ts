/**
 * The compression policy of API payloads, in one place for the build (payload-store.ts writes each
 * route's own payload in Brotli at the best quality) and the server (server/content-coding.mjs,
 * which reaches it through the payloads of the API bundle): which Brotli quality a part gets by its
 * size, the encoder's options, and how often a part is compressed again at the best quality. The
 * framing that splices a per-request tail after a compressed part stays in server/*-splice.mjs.
 */
import { brotliCompress, brotliCompressSync, constants, type BrotliOptions } from 'node:zlib';

/** The envelope's opening, shared by every response so it can be compressed with the payload. */
export const ENVELOPE_HEAD = '{"payload":' as const;

/** What a payload tells when it gained or replaced a form: the cache holding it (byte-cache.ts). */
export interface Holder {
  grew(value: object): void;
}

/** The Brotli form of a cached part (below): its bytes, the br requests it answered, and whether it is the best it will be. */
export interface BrotliForm {
  buffer: Buffer;
  requests: number;
  final: boolean;
}

/** The gzip form of a payload (server/gzip-splice.mjs): raw deflate blocks, and the CRC bookkeeping a splice needs. */
export interface GzipForm {
  deflated: Buffer;
  crc: number;
  length: number;
  shift: number;
}

/** A body's cached parts as one latin1 string (server/content-coding.mjs), and the last part it was made from. */
export interface TextForm {
  text: string;
  last: Buffer | undefined;
}

/** The codings a body is sent in. */
export type Coding = 'br' | 'gzip' | 'identity';

/** What the Brotli policy reads and writes of a payload (payload-cache.ts's PreparedPayload). */
interface Coded {
  readonly bytes: Buffer;
  readonly brotli: BrotliForm | undefined;
  setBrotli(form: BrotliForm, cache?: Holder): void;
}

/**
 * gzip's deflate level for a payload: zlib's default. A payload is deflated once and kept, but many
 * are asked for once (each new search): on search pages of the 100× catalog (7 to 485 kB), level 9
 * took 1.3 to 2.6 times as long as 6 for 0 to 3 % fewer bytes (measured on 0d1cfda).
 */
export const GZIP_LEVEL = 6;

/**
 * Brotli quality of a part on its first request, as cheap as deflate or cheaper at every size. Up to
 * 16 kB quality 1, where quality 3 costs more than deflate at level 9 and is no smaller than it
 * (discovery JSON, µs: 2 kB 10.9 against 15.8, 6 kB 21.5 against 28.5; quality 3 17.0 and 33.9);
 * above, quality 3, cheaper than deflate and smaller (300 kB: 0.30 against 0.72 ms at level 9; search
 * pages of the 100× catalog, 42 to 485 kB, against GZIP_LEVEL: 0.10 to 0.86 against 0.15 to 1.73 ms).
 */
export function firstBrotliQuality(bytes: number): number {
  return bytes <= 16 * 1024 ? 1 : 3;
}

/**
 * The best Brotli quality for a part of this size, at build time and for an upgrade alike: 11 up to
 * 256 kB (every payload at 1×). Above, quality 10, which came within 1.012-1.032 of 11 on every
 * route's payload at 1× in a quarter to a half of its time (getCatalog, 92 kB: 128 → 59 ms), and
 * above 1 MB (synthetic catalogs only) quality 9: the 100× store's Brotli parts then take 2.4 s of
 * its build, not 22 s (measured on 223a0f8). The server used 11 up to 1 MB and 10 above; the build's
 * rule is the cheaper one, and the decoded bytes are the same.
 */
export function bestBrotliQuality(bytes: number): number {
  return bytes <= 256 * 1024 ? constants.BROTLI_MAX_QUALITY : bytes <= 1024 * 1024 ? 10 : 9;
}

/**
 * Options for compressing a part that a tail is spliced after: text mode, a window as large as the
 * part needs and no larger (the encoder's memory grows with the window: about 50 MB at quality 11
 * with the default 4 MB one), and a flush instead of a finish at the end, so the stream stays open
 * and byte-aligned (server/brotli-splice.mjs).
 */
export function brotliOptions(length: number, quality: number): BrotliOptions {
  return {
    finishFlush: constants.BROTLI_OPERATION_FLUSH,
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: length,
      // A window reaching back over the whole part, from Brotli's smallest (1 KB) to its largest (16 MB).
      [constants.BROTLI_PARAM_LGWIN]: Math.min(24, Math.max(10, Math.ceil(Math.log2(length + 1)))),
    },
  };
}

/** `part` compressed at `quality`, not final, ending byte-aligned: a tail can be spliced after it. */
export function brotliPart(part: Buffer, quality: number): Buffer {
  return brotliCompressSync(part, brotliOptions(part.length, quality));
}

/** The cached part of a spliced body: the envelope head and the payload. */
export function cachedPartOf(payload: Buffer): Buffer {
  return Buffer.concat([HEAD_BYTES, payload]);
}

const HEAD_BYTES = Buffer.from(ENVELOPE_HEAD);

/** A Buffer with a backing store of its own (zlib's output may be a slice of a larger chunk). */
export function owned(bytes: Uint8Array): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  copy.set(bytes);
  return copy;
}

/**
 * When a part is compressed again at the best quality: once it has answered `afterRequests` br
 * requests (an answer asked for often, not one asked twice), in the thread pool and one at a time,
 * within a share of a core: at most `msPerSecond` of compression a second on average, in bursts of
 * at most `burstMs` (a token bucket), so a flood of queries each asked a few times cannot buy the
 * best quality with the worker's CPU. A part refused now is upgraded by a later request.
 */
export class UpgradePacing {
  readonly policy: Readonly<{ afterRequests: number; msPerSecond: number; burstMs: number }>;
  #running = false;
  #tokensMs: number;
  #tokensAt = performance.now();

  constructor(policy: UpgradePacing['policy']) {
    this.policy = policy;
    this.#tokensMs = policy.burstMs;
  }

  /** Whether an upgrade is compressing now. */
  get running(): boolean {
    return this.#running;
  }

  /** Whether a form asked for this many times may start its upgrade now. */
  mayStart(requests: number): boolean {
    const { afterRequests, msPerSecond, burstMs } = this.policy;
    if (this.#running || requests < afterRequests) return false;
    const now = performance.now();
    this.#tokensMs = Math.min(burstMs, this.#tokensMs + ((now - this.#tokensAt) * msPerSecond) / 1000);
    this.#tokensAt = now;
    return this.#tokensMs > 0;
  }

  /** Compresses `part` at `quality` off the event loop; `done` gets the result, or nothing on an error. */
  run(part: Buffer, quality: number, done: (buffer: Buffer | undefined) => void): void {
    this.#running = true;
    const started = performance.now();
    brotliCompress(part, brotliOptions(part.length, quality), (error, buffer) => {
      this.#running = false;
      // The pool's thread was busy this long: what the upgrade cost a core.
      this.#tokensMs -= performance.now() - started;
      done(error ? undefined : buffer);
    });
  }
}

/** The worker's upgrades: after 3 br requests, at most 100 ms a second in bursts of 500 ms. */
export const UPGRADES = new UpgradePacing({ afterRequests: 3, msPerSecond: 100, burstMs: 500 });

/**
 * The Brotli form of `payload`'s cached part for one more br request: made at the first quality on
 * first use, and upgraded to the best one in the background once it is asked for often (UPGRADES).
 * A stored form (from the build) is final.
 */
export function brotliFormFor(payload: Coded, cache: Holder | undefined): BrotliForm {
  let form = payload.brotli;
  if (!form) {
    const part = cachedPartOf(payload.bytes);
    form = { buffer: owned(brotliPart(part, firstBrotliQuality(part.length))), requests: 0, final: false };
    payload.setBrotli(form, cache);
  }
  form.requests += 1;
  if (!form.final && UPGRADES.mayStart(form.requests)) upgrade(payload, form, cache);
  return form;
}

/** The Brotli forms still waiting for their upgrade, and whether one is compressing now. */
export interface UpgradeBacklog {
  waiting: number;
  running: boolean;
}

/**
 * What is left to upgrade among `payloads`: the Brotli forms still at their first quality (asked for
 * too few times yet, or refused by the pacing for now), and whether an upgrade is running. Once both
 * are nil, every br answer of these payloads is the best it will be (the bench waits for that).
 */
export function upgradeBacklog(payloads: Iterable<Coded>): UpgradeBacklog {
  let waiting = 0;
  for (const payload of payloads) if (payload.brotli && !payload.brotli.final) waiting += 1;
  return { waiting, running: UPGRADES.running };
}

function upgrade(payload: Coded, form: BrotliForm, cache: Holder | undefined): void {
  form.final = true;
  const part = cachedPartOf(payload.bytes);
  UPGRADES.run(part, bestBrotliQuality(part.length), (buffer) => {
    if (buffer === undefined || buffer.length >= form.buffer.length) return;
    payload.setBrotli({ ...form, buffer: owned(buffer) }, cache);
  });
}
