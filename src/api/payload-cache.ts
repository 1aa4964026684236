/**
 * Every payload the API serves, serialized and hashed once, kept in the worker's byte budget
 * (byte-cache.ts) with whatever compressed forms the responses made of it, so memory stays bounded
 * in bytes whatever clients ask.
 */
import { createHash } from 'node:crypto';
import { stringBytes, workerCache, type Sized } from './byte-cache.ts';

/** A serialized payload with its validator and its compressed forms, made on first use. */
export class PreparedPayload implements Sized {
  /** The UTF-8 body; the JSON text is not kept beside it. */
  readonly bytes: Buffer;
  readonly etag: string;
  readonly #codings = new Map<string, { value: unknown; bytes: number }>();
  #codedBytes = 0;
  /** Called when a compressed form is added, so the cache holding this payload counts it. */
  onResize: (() => void) | undefined;

  /** For a page of a directory, the cursor of the next one (kept so a request costs no hash for it). */
  readonly nextCursor: string | undefined;

  /** `json` as text, or as UTF-8 bytes with a backing store of their own (Buffer.allocUnsafeSlow). */
  constructor(json: string | Buffer, etag: string, nextCursor?: string) {
    if (typeof json === 'string') {
      // A backing store of its own: a small Buffer from Node's pool would keep its whole 8 KB slab alive.
      const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
      bytes.write(json);
      this.bytes = bytes;
    } else this.bytes = json;
    this.etag = etag;
    this.nextCursor = nextCursor;
  }

  get json(): string {
    return this.bytes.toString();
  }

  /** The form `name` of this payload (a compressed copy), made once by `make` and counted in the budget. */
  coded<T>(name: string, make: () => { value: T; bytes: number }): T {
    let coding = this.#codings.get(name);
    if (!coding) {
      coding = make();
      this.#codings.set(name, coding);
      this.#codedBytes += coding.bytes;
      this.onResize?.();
    }
    return coding.value as T;
  }

  /** Replaces the form `name` (a better compression of the same bytes), counting the difference. */
  recode<T>(name: string, coding: { value: T; bytes: number }): void {
    const previous = this.#codings.get(name);
    this.#codings.set(name, coding);
    this.#codedBytes += coding.bytes - (previous?.bytes ?? 0);
    this.onResize?.();
  }

  heldBytes(): number {
    return this.bytes.length + stringBytes(this.etag) + stringBytes(this.nextCursor ?? '') + this.#codedBytes;
  }
}

/** The envelope's opening, shared by every response so it can be compressed with the payload. */
export const ENVELOPE_HEAD = '{"payload":' as const;

/** Weak ETag over the normalized query and the payload, never over request id or time. */
export function etagFor(normalizedQuery: string, payloadJson: string | Buffer): string {
  return `W/"${createHash('sha1').update(normalizedQuery).update('\n').update(payloadJson).digest('base64url')}"`;
}

/** A number per cache owner (a catalog), so two catalogs in one process never share entries. */
const owners = new WeakMap<object, number>();
let lastOwnerId = 0;

function ownerId(owner: object): number {
  let id = owners.get(owner);
  if (id === undefined) {
    id = lastOwnerId += 1;
    owners.set(owner, id);
  }
  return id;
}

/** The key of an entry of `owner` in the worker's byte budget: two catalogs or kinds never share one. */
export function ownedKey(owner: object, kind: string, key: string): string {
  return `${ownerId(owner)}\u0000${kind}\u0000${key}`;
}

/**
 * The value for `key`, built on first use and kept in the worker's byte budget, under `kind`
 * (a name for the usage report), until it is the least recently used one past the budget.
 */
export function cached<T extends Sized & { onResize?: (() => void) | undefined }>(
  owner: object,
  kind: string,
  key: string,
  build: () => T,
): T {
  const fullKey = ownedKey(owner, kind, key);
  const hit = workerCache.get<T>(kind, fullKey);
  if (hit) return hit;
  const value = build();
  value.onResize = () => workerCache.resize(fullKey);
  workerCache.set(kind, fullKey, value);
  return value;
}
