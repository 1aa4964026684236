/**
 * Every payload the API serves, serialized and hashed once, kept in the worker's byte budget
 * (byte-cache.ts) with whatever compressed forms the responses made of it, so memory stays bounded
 * in bytes whatever clients ask.
 */
import { createHash } from 'node:crypto';
import { stringBytes, type Sized } from './byte-cache.ts';

/** What a payload tells when it grew: the cache holding it (byte-cache.ts). */
interface Grown {
  grew(value: object): void;
}

/** A serialized payload with its validator and its compressed forms, made on first use. */
export class PreparedPayload implements Sized {
  /** The UTF-8 body; the JSON text is not kept beside it. */
  readonly bytes: Buffer;
  readonly etag: string;
  readonly #codings = new Map<string, { value: unknown; bytes: number }>();
  #codedBytes = 0;

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

  /** A payload grows by its compressed forms: the cache sizes again every entry holding it. */
  get growsWith(): this {
    return this;
  }

  get json(): string {
    return this.bytes.toString();
  }

  /**
   * The form `name` of this payload (a compressed copy), made once by `make`; `cache` (the one
   * holding this payload) sizes again its entries.
   */
  coded<T>(name: string, make: () => { value: T; bytes: number }, cache?: Grown): T {
    let coding = this.#codings.get(name);
    if (!coding) {
      coding = make();
      this.#codings.set(name, coding);
      this.#codedBytes += coding.bytes;
      cache?.grew(this);
    }
    return coding.value as T;
  }

  /** Replaces the form `name` (a better compression of the same bytes), counting the difference. */
  recode<T>(name: string, coding: { value: T; bytes: number }, cache?: Grown): void {
    const previous = this.#codings.get(name);
    this.#codings.set(name, coding);
    this.#codedBytes += coding.bytes - (previous?.bytes ?? 0);
    cache?.grew(this);
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
