/**
 * The payload store: every payload the API serves without a filter, and every directory item,
 * serialized once by the build into one file with an index of offsets. A worker reads byte ranges
 * through the page cache every worker shares, and holds only the index: offsets, ETags and the
 * views a selection reads. Tests and `astro dev` build the same store in memory.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Catalog } from '../catalog/catalog.ts';
import { memo, seedMemo } from '../catalog/memo.ts';
import { SearchIndex } from '../catalog/search.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../schemas/common.ts';
import { EVERYTHING } from '../routes/params.ts';
import { ROUTES, type RouteId, type RouteSpec } from '../routes/routes.ts';
import { DIRECTORIES, HANDLERS } from './handlers.ts';
import { KEY_SEPARATOR } from './byte-cache.ts';
import { CACHE_KINDS } from './cache-kinds.ts';
import { bestBrotliPart, PreparedPayload } from './codings.ts';
import { serializePayload } from './serialize.ts';

/** The store's two files, written beside the API bundle. */
const PAYLOAD_STORE_FILES = { bytes: 'payload-store.bin', index: 'payload-store.json' } as const;

/** The filters of a request without any, as the cache key and ETag spell them (CheckedQuery, src/api/params.ts). */
export const NO_FILTERS_JSON = serializePayload({});

const COMMA = Buffer.from(',');

/** Where bytes are in the store file: offset and length. */
type Range = [number, number];

/** What the index file holds. */
interface StoreIndex {
  /** The catalog version the store was built from: a worker refuses a store of another catalog. */
  version: string;
  /** Each whole payload by wholeKey: its bytes, its ETag, and for a route's own payload its Brotli form. */
  wholes: Record<string, { at: Range; etag: string; br?: Range }>;
  /** Each directory's items by tableKey, joined by commas: item i ends at `at + ends[i]`, the next starts after its comma. */
  tables: Record<string, { at: number; ends: number[] }>;
  /** Search indexes by memo key: the joined text and where each entry's text starts. */
  searches: Record<string, { at: Range; starts: number[] }>;
  /** Other views by memo key, as JSON (filter values). */
  values: Record<string, unknown>;
}

const wholeKey = (id: RouteId, slug: string | undefined, locale: Locale) => `${id}${KEY_SEPARATOR}${slug ?? ''}${KEY_SEPARATOR}${locale}`;
const tableKey = (id: RouteId, locale: Locale) => `${id}${KEY_SEPARATOR}${locale}`;

/** Locales a route answers in: both for a localized route, else the default only (lang does not change it). */
const localesOf = (route: RouteSpec): readonly Locale[] => (route.localized ? LOCALES : [DEFAULT_LOCALE]);

/** Weak ETag over the normalized query and the payload, never over request id or time. */
export function etagFor(normalizedQuery: string, payloadJson: string | Buffer): string {
  return `W/"${createHash('sha1').update(normalizedQuery).update('\n').update(payloadJson).digest('base64url')}"`;
}

/** A built store: its bytes and the index that finds everything in them. */
export interface BuiltPayloadStore {
  bytes: Uint8Array;
  index: StoreIndex;
}

/** Serializes everything the store holds for `catalog`; `brotli` (the build): each route's own payloads at the best quality too. */
export function buildPayloadStore(catalog: Catalog, { brotli }: { brotli: boolean }): BuiltPayloadStore {
  const chunks: Buffer[] = [];
  let size = 0;
  const put = (bytes: Buffer): Range => {
    chunks.push(bytes);
    size += bytes.length;
    return [size - bytes.length, bytes.length];
  };
  const index: StoreIndex = { version: catalog.version, wholes: {}, tables: {}, searches: {}, values: {} };
  const putWhole = (route: RouteSpec, locale: Locale, slug?: string) => {
    const json = serializePayload(HANDLERS[route.id]({ catalog, locale, selection: EVERYTHING, ...(slug !== undefined ? { slug } : {}) }));
    const bytes = Buffer.from(json);
    index.wholes[wholeKey(route.id, slug, locale)] = {
      at: put(bytes),
      etag: etagFor(CACHE_KINDS.payload.key(route.id, slug ?? '', locale, NO_FILTERS_JSON), json),
      ...(brotli && slug === undefined ? { br: put(bestBrotliPart(bytes)) } : {}),
    };
  };
  for (const route of ROUTES) {
    // A live payload (health) describes the process at the moment it answers.
    if (route.live) continue;
    const directory = DIRECTORIES[route.id];
    for (const locale of localesOf(route)) {
      if (route.detail) for (const { slug } of catalog.collections[route.detail]) putWhole(route, locale, slug);
      else putWhole(route, locale);
      if (!directory) continue;
      const items = directory.list(catalog, locale).map((item) => Buffer.from(serializePayload(item)));
      const ends: number[] = [];
      let end = -1;
      for (const item of items) ends.push((end += 1 + item.length));
      const joined = Buffer.concat(items.flatMap((item, at) => (at === 0 ? [item] : [COMMA, item])));
      index.tables[tableKey(route.id, locale)] = { at: put(joined)[0], ends };
    }
    for (const [key, view] of Object.entries(directory?.views(catalog) ?? {})) {
      if (view instanceof SearchIndex) index.searches[key] = { at: put(Buffer.from(view.joined)), starts: [...view.starts] };
      else index.values[key] = view;
    }
  }
  return { bytes: Buffer.concat(chunks, size), index };
}

/** Writes a built store into `folder`; returns its size in bytes. */
export function writeStoreFiles(folder: string, { bytes, index }: BuiltPayloadStore): number {
  writeFileSync(join(folder, PAYLOAD_STORE_FILES.bytes), bytes);
  writeFileSync(join(folder, PAYLOAD_STORE_FILES.index), JSON.stringify(index));
  return bytes.length;
}

/** Writes the store of `catalog` into `folder`, as the build does; returns its size in bytes. */
export function writePayloadStore(catalog: Catalog, folder: string): number {
  return writeStoreFiles(folder, buildPayloadStore(catalog, { brotli: true }));
}

/** Copies `length` bytes of the store from `position` into `target` at `at`. */
type ReadBytes = (target: Buffer, at: number, position: number, length: number) => void;

/** One directory's items in one locale: any subset of them joins into a JSON array's contents. */
export class ItemTable {
  readonly #at: number;
  readonly #ends: Int32Array;
  readonly #read: ReadBytes;

  constructor(at: number, ends: Int32Array, read: ReadBytes) {
    this.#at = at;
    this.#ends = ends;
    this.#read = read;
  }

  #start(item: number): number {
    return item === 0 ? 0 : this.#ends[item - 1]! + 1;
  }

  /** Bytes of items indexes[from] to indexes[to - 1], joined by commas. */
  joinedLength(indexes: ArrayLike<number>, from: number, to: number): number {
    let length = Math.max(0, to - from - 1);
    for (let k = from; k < to; k++) length += this.#ends[indexes[k]!]! - this.#start(indexes[k]!);
    return length;
  }

  /** Writes those items, joined by commas, into `target` at `at`: one read per run of neighbours in the store. */
  readJoined(indexes: ArrayLike<number>, from: number, to: number, target: Buffer, at: number): void {
    let k = from;
    while (k < to) {
      const first = indexes[k]!;
      let last = first;
      while (k + 1 < to && indexes[k + 1] === last + 1) last = indexes[++k]!;
      const start = this.#start(first);
      const length = this.#ends[last]! - start;
      this.#read(target, at, this.#at + start, length);
      at += length;
      if (++k < to) target[at++] = 0x2c;
    }
  }
}

/** Bytes of the store, with a backing store of their own: a slice of Node's pool would keep its whole slab alive. */
function readRange(read: ReadBytes, [position, length]: Range): Buffer {
  const bytes = Buffer.allocUnsafeSlow(length);
  read(bytes, 0, position, length);
  return bytes;
}

/** A store's index over its bytes, wherever they are (a file, or memory); the tables' ends as Int32Arrays, not parsed arrays. */
class PayloadStore {
  readonly #wholes: StoreIndex['wholes'];
  readonly #read: ReadBytes;
  readonly #tables = new Map<string, ItemTable>();

  constructor(index: StoreIndex, read: ReadBytes) {
    this.#wholes = index.wholes;
    this.#read = read;
    for (const [key, { at, ends }] of Object.entries(index.tables)) this.#tables.set(key, new ItemTable(at, Int32Array.from(ends), read));
  }

  /** A route's payload without filters (a detail's by slug), read anew; undefined when the store has none (an unknown slug). */
  whole(id: RouteId, slug: string | undefined, locale: Locale): PreparedPayload | undefined {
    const stored = this.#wholes[wholeKey(id, slug, locale)];
    if (!stored) return undefined;
    const payload = new PreparedPayload(readRange(this.#read, stored.at), stored.etag);
    // A stored form is final: never compressed again.
    if (stored.br) payload.br = { buffer: readRange(this.#read, stored.br), requests: 0, final: true };
    return payload;
  }

  /** A directory's items in `locale`. */
  table(id: RouteId, locale: Locale): ItemTable {
    const table = this.#tables.get(tableKey(id, locale));
    if (!table) throw new Error(`The payload store has no items of ${id} in ${locale}`);
    return table;
  }
}

/** The memo key of a catalog's store. */
const STORE_MEMO = 'payload-store';

/**
 * Opens the store the build wrote into `folder` for `catalog` (the build's own snapshot) where
 * `memo` finds it, with its views, so no worker builds one. The file stays open for the process.
 */
export function openPayloadStore(folder: string, catalog: Catalog): void {
  const index = JSON.parse(readFileSync(join(folder, PAYLOAD_STORE_FILES.index), 'utf8')) as StoreIndex;
  if (index.version !== catalog.version)
    throw new Error(`The payload store in ${folder} was built from catalog ${index.version}, not ${catalog.version}: build again`);
  const fd = openSync(join(folder, PAYLOAD_STORE_FILES.bytes), 'r');
  const read: ReadBytes = (target, at, position, length) => {
    while (length > 0) {
      const got = readSync(fd, target, at, length, position);
      if (got === 0) {
        closeSync(fd);
        throw new Error(`The payload store in ${folder} is shorter than its index`);
      }
      at += got;
      position += got;
      length -= got;
    }
  };
  seedMemo(catalog, STORE_MEMO, new PayloadStore(index, read));
  for (const [key, { at, starts }] of Object.entries(index.searches))
    seedMemo(catalog, key, new SearchIndex(readRange(read, at).toString(), Int32Array.from(starts)));
  for (const [key, value] of Object.entries(index.values)) seedMemo(catalog, key, value);
}

/** The store of `catalog`: the one opened, or one built in memory on first use (tests, `astro dev`). */
export function payloadStoreOf(catalog: Catalog): PayloadStore {
  return memo(catalog, STORE_MEMO, () => {
    const { bytes, index } = buildPayloadStore(catalog, { brotli: false });
    return new PayloadStore(index, (target, at, position, length) => target.set(bytes.subarray(position, position + length), at));
  });
}
