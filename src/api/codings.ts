/**
 * A payload and its coded forms: its gzip and Brotli forms, made on first use and counted in the
 * cache holding it, and an envelope's body in any coding as parts to write in order, the tail
 * spliced after the cached part (splice.ts). In src/, not server/: the build stores Brotli forms by
 * the same rule (payload-store.ts).
 */
import { brotliCompress, brotliCompressSync, constants, type BrotliOptions } from 'node:zlib';
import { stringBytes, type Sized } from './byte-cache.ts';
import { brotliTail, deflateForSplice, gzipHead, gzipTail, type GzipForm } from './splice.ts';

/** The codings a body is sent in. */
export type Coding = 'br' | 'gzip' | 'identity';

/** The envelope's opening, shared by every response so it can be compressed with the payload. */
export const ENVELOPE_HEAD = '{"payload":' as const;
const HEAD_BYTES = Buffer.from(ENVELOPE_HEAD);
const GZIP_HEAD = gzipHead(HEAD_BYTES);

/** Bytes of a gzip form's bookkeeping besides its blocks. */
const GZIP_FORM_OVERHEAD = 64;

/** A cached part's Brotli form: the br requests it answered, and whether it is the best it will be. */
interface BrotliForm {
  buffer: Buffer;
  requests: number;
  final: boolean;
}

/** A Buffer with a backing store of its own: a slice of zlib's output or of Node's pool would keep its whole slab alive. */
function owned(bytes: Uint8Array): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  copy.set(bytes);
  return copy;
}

/** A serialized payload with its validator and its coded forms, which only this module makes. */
export class PreparedPayload implements Sized {
  /** The UTF-8 body; the JSON text is not kept beside it. */
  readonly bytes: Buffer;
  readonly etag: string;
  /** For a page of a directory, the cursor of the next one (kept so a request costs no hash for it). */
  readonly nextCursor: string | undefined;
  br: BrotliForm | undefined;
  gzip: GzipForm | undefined;

  constructor(json: string | Buffer, etag: string, nextCursor?: string) {
    this.bytes = typeof json === 'string' ? owned(Buffer.from(json)) : json;
    this.etag = etag;
    this.nextCursor = nextCursor;
  }

  get json(): string {
    return this.bytes.toString();
  }

  heldBytes(): number {
    const coded = (this.br?.buffer.length ?? 0) + (this.gzip ? this.gzip.deflated.length + GZIP_FORM_OVERHEAD : 0);
    return this.bytes.length + stringBytes(this.etag) + stringBytes(this.nextCursor ?? '') + coded;
  }
}

/** gzip's deflate level: zlib's default. Many payloads are asked for once (each new search), where level 9 costs far more for few bytes. */
export const GZIP_LEVEL = 6;

/** Brotli quality of a part on its first request: as cheap as deflate or cheaper at every size. */
export function firstBrotliQuality(bytes: number): number {
  return bytes <= 16 * 1024 ? 1 : 3;
}

/** The best Brotli quality for a part of this size, at build time and for an upgrade alike: lower for large parts, where 11 costs far more for few bytes. */
export function bestBrotliQuality(bytes: number): number {
  return bytes <= 256 * 1024 ? constants.BROTLI_MAX_QUALITY : bytes <= 1024 * 1024 ? 10 : 9;
}

/** A window no larger than the part (the encoder's memory grows with it), and a flush: the stream stays open for the tail. */
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

/** The part of a body a Brotli form compresses: the envelope head and the payload. */
const cachedPartOf = (payload: Buffer): Buffer => Buffer.concat([HEAD_BYTES, payload]);

/** The Brotli form the build stores for a payload: its cached part at the best quality. */
export function bestBrotliPart(payload: Buffer): Buffer {
  const part = cachedPartOf(payload);
  return brotliPart(part, bestBrotliQuality(part.length));
}

/** A worker's upgrades: after 3 br requests, at most 100 ms a second in bursts of 500 ms. */
const UPGRADE_POLICY = { afterRequests: 3, msPerSecond: 100, burstMs: 500 };

/**
 * When a part is compressed again at the best quality: in the thread pool, one at a time, within a
 * token bucket of a core's time, so a flood of queries each asked a few times cannot buy the best
 * quality with the worker's CPU. A part refused now is upgraded by a later request.
 */
export class UpgradePacing {
  readonly #policy: typeof UPGRADE_POLICY;
  #running = false;
  #tokensMs: number;
  #tokensAt = performance.now();

  constructor(policy = UPGRADE_POLICY) {
    this.#policy = policy;
    this.#tokensMs = policy.burstMs;
  }

  /** Whether an upgrade is compressing now. */
  get running(): boolean {
    return this.#running;
  }

  /** Whether a form asked for this many times may start its upgrade now. */
  mayStart(requests: number): boolean {
    const { afterRequests, msPerSecond, burstMs } = this.#policy;
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

/** The cache holding the payloads: sized again when one gains a form, and pacing their upgrades (cache-kinds.ts's WorkerCache). */
export interface FormCache {
  resized(value: Sized): void;
  readonly upgrades: UpgradePacing;
}

/** The body `ENVELOPE_HEAD + payload + tail` in `coding`, as parts to write in order; no `cache` for an error's payload. */
export function codedBody(payload: PreparedPayload, tail: string, coding: Coding, cache: FormCache | undefined): Buffer[] {
  const tailBytes = Buffer.from(tail);
  if (coding === 'identity') return [HEAD_BYTES, payload.bytes, tailBytes];
  if (coding === 'gzip') {
    let form = payload.gzip;
    if (!form) {
      const made = deflateForSplice(GZIP_HEAD, payload.bytes, GZIP_LEVEL);
      form = payload.gzip = { ...made, deflated: owned(made.deflated) };
      cache?.resized(payload);
    }
    return [GZIP_HEAD.buffer, form.deflated, gzipTail(form, tailBytes)];
  }
  return [brotliFormFor(payload, cache).buffer, brotliTail(tailBytes)];
}

/** The Brotli form of `payload` for one more br request: made at the first quality, upgraded as `cache.upgrades` paces it. */
export function brotliFormFor(payload: PreparedPayload, cache: FormCache | undefined): BrotliForm {
  let form = payload.br;
  if (!form) {
    const part = cachedPartOf(payload.bytes);
    form = payload.br = { buffer: owned(brotliPart(part, firstBrotliQuality(part.length))), requests: 0, final: false };
    cache?.resized(payload);
  }
  form.requests += 1;
  if (!form.final && cache?.upgrades.mayStart(form.requests)) {
    const upgraded = form;
    upgraded.final = true;
    const part = cachedPartOf(payload.bytes);
    cache.upgrades.run(part, bestBrotliQuality(part.length), (buffer) => {
      if (buffer === undefined || buffer.length >= upgraded.buffer.length) return;
      payload.br = { ...upgraded, buffer: owned(buffer) };
      cache.resized(payload);
    });
  }
  return form;
}

/** The forms of `payloads` still at their first quality, and whether an upgrade runs: the bench waits for both to end. */
export function upgradeBacklog(payloads: Iterable<PreparedPayload>, upgrades: UpgradePacing) {
  let waiting = 0;
  for (const payload of payloads) if (payload.br && !payload.br.final) waiting += 1;
  return { waiting, running: upgrades.running };
}

export type UpgradeBacklog = ReturnType<typeof upgradeBacklog>;
