/**
 * Every payload the API serves, serialized and hashed once, kept in the worker's byte budget
 * (byte-cache.ts) with whatever compressed forms the responses made of it, so memory stays bounded
 * in bytes whatever clients ask.
 */
import { createHash } from 'node:crypto';
import { stringBytes, type Sized } from './byte-cache.ts';
import {
  brotliFormFor,
  ENVELOPE_HEAD,
  GZIP_LEVEL,
  type BrotliForm,
  type Coding,
  type GzipForm,
  type Holder,
  type TextForm,
} from './codings.ts';

export { ENVELOPE_HEAD };

/** Bytes of a gzip form's bookkeeping besides its blocks. */
const GZIP_FORM_OVERHEAD = 64;

/** A serialized payload with its validator and its compressed forms, made on first use. */
export class PreparedPayload implements Sized {
  /** The UTF-8 body; the JSON text is not kept beside it. */
  readonly bytes: Buffer;
  readonly etag: string;
  /** For a page of a directory, the cursor of the next one (kept so a request costs no hash for it). */
  readonly nextCursor: string | undefined;
  #brotli: BrotliForm | undefined;
  #gzip: GzipForm | undefined;
  readonly #texts: Partial<Record<Coding, TextForm>> = {};
  #codedBytes = 0;

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

  get brotli(): BrotliForm | undefined {
    return this.#brotli;
  }

  get gzip(): GzipForm | undefined {
    return this.#gzip;
  }

  /** The latin1 text of the cached parts in `coding`, when made. */
  text(coding: Coding): TextForm | undefined {
    return this.#texts[coding];
  }

  /** The Brotli form for one more br request, made or upgraded as the policy says (codings.ts). */
  brotliFor(cache?: Holder): BrotliForm {
    return brotliFormFor(this, cache);
  }

  /** Sets (or replaces with a better one) the Brotli form; `cache`, the one holding this payload, counts it. */
  setBrotli(form: BrotliForm, cache?: Holder): void {
    this.#count(form.buffer.length - (this.#brotli?.buffer.length ?? 0), cache);
    this.#brotli = form;
  }

  /** gzip's deflate level for this payload (codings.ts); the server's splice does the framing. */
  get gzipLevel(): number {
    return GZIP_LEVEL;
  }

  setGzip(form: GzipForm, cache?: Holder): void {
    this.#count(form.deflated.length + GZIP_FORM_OVERHEAD - (this.#gzip ? this.#gzip.deflated.length + GZIP_FORM_OVERHEAD : 0), cache);
    this.#gzip = form;
  }

  setText(coding: Coding, form: TextForm, cache?: Holder): void {
    this.#count(form.text.length - (this.#texts[coding]?.text.length ?? 0), cache);
    this.#texts[coding] = form;
  }

  #count(bytes: number, cache: Holder | undefined): void {
    this.#codedBytes += bytes;
    cache?.grew(this);
  }

  heldBytes(): number {
    return this.bytes.length + stringBytes(this.etag) + stringBytes(this.nextCursor ?? '') + this.#codedBytes;
  }
}

/** Weak ETag over the normalized query and the payload, never over request id or time. */
export function etagFor(normalizedQuery: string, payloadJson: string | Buffer): string {
  return `W/"${createHash('sha1').update(normalizedQuery).update('\n').update(payloadJson).digest('base64url')}"`;
}
