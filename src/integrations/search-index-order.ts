/**
 * Pagefind 1.5.2 writes a filter's values in hash-map order, which changes from run to run, so the
 * filter file, its content-hashed name, the metadata file naming it and the entry file naming that
 * would differ between two builds of the same pages. This puts each filter's values in sorted order
 * and renames the files by a hash of their bytes (same length as Pagefind's), so the index is
 * byte-identical build to build. The filter file is gzip ("pagefind_dcd" + CBOR): [name, [[value,
 * [page numbers]]…]]; only the CBOR it uses (unsigned integers, text, arrays) is read, anything else
 * throws, so a Pagefind that changes the format fails the build instead of shipping a broken index.
 */
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';

/** A Pagefind output file: its path under the index folder and its bytes. */
export interface IndexFile {
  path: string;
  content: Uint8Array;
}

const MAGIC = Buffer.from('pagefind_dcd');
type Cbor = number | string | Cbor[];

/** Reads one CBOR item of the subset at `offset`; returns it and the offset after it. */
function decode(bytes: Buffer, offset: number): [Cbor, number] {
  const major = bytes[offset]! >> 5;
  const info = bytes[offset]! & 0x1f;
  let length: number;
  let next = offset + 1;
  if (info < 24) length = info;
  else if (info === 24) [length, next] = [bytes.readUInt8(next), next + 1];
  else if (info === 25) [length, next] = [bytes.readUInt16BE(next), next + 2];
  else if (info === 26) [length, next] = [bytes.readUInt32BE(next), next + 4];
  else throw new Error(`search-index: unexpected CBOR length ${info} at byte ${offset}`);
  if (major === 0) return [length, next];
  if (major === 3) return [bytes.toString('utf8', next, next + length), next + length];
  if (major === 4) {
    const items: Cbor[] = [];
    for (let index = 0; index < length; index += 1) {
      const [item, after] = decode(bytes, next);
      items.push(item);
      next = after;
    }
    return [items, next];
  }
  throw new Error(`search-index: unexpected CBOR major type ${major} at byte ${offset}`);
}

/** The head of a CBOR item of `major` type with `value` (an integer, or a length), in its shortest form. */
function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  const long = Buffer.alloc(value < 0x10000 ? 3 : 5);
  long[0] = (major << 5) | (value < 0x10000 ? 25 : 26);
  if (value < 0x10000) long.writeUInt16BE(value, 1);
  else long.writeUInt32BE(value, 1);
  return long;
}

function encode(item: Cbor): Buffer {
  if (typeof item === 'number') return head(0, item);
  if (typeof item === 'string') {
    const text = Buffer.from(item, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  return Buffer.concat([head(4, item.length), ...item.map(encode)]);
}

/** A filter file's bytes with its values sorted by name and each value's pages in ascending order. */
export function sortedFilter(content: Uint8Array): Buffer {
  const raw = gunzipSync(content);
  if (!raw.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('search-index: a filter file lacks Pagefind’s header');
  const [filter, end] = decode(raw, MAGIC.length);
  if (end !== raw.length || !Array.isArray(filter) || filter.length !== 2 || !Array.isArray(filter[1]))
    throw new Error('search-index: a filter file is not [name, values]');
  const values = (filter[1] as [string, number[]][])
    .map(([value, pages]) => [value, [...pages].sort((a, b) => a - b)] as [string, number[]])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return gzipSync(Buffer.concat([MAGIC, encode([filter[0]!, values])]), { level: 9 });
}

/** `lang_hash` of a file name, re-hashed from `bytes` with as many hex digits as before. */
function rehashed(name: string, bytes: Uint8Array): string {
  const [, language, hash] = /^(.*_)([0-9a-f]+)$/.exec(name) ?? [];
  if (!language || !hash) throw new Error(`search-index: ${name} is not named language_hash`);
  return `${language}${createHash('sha256').update(bytes).digest('hex').slice(0, hash.length)}`;
}

/** Replaces every `from` in a gzipped file with `to` (same length, so CBOR lengths hold). */
function replacedInGzip(content: Uint8Array, from: string, to: string): Buffer {
  const text = gunzipSync(content).toString('latin1');
  return gzipSync(Buffer.from(text.replaceAll(from, to), 'latin1'), { level: 9 });
}

/** The entry file with its languages in sorted order, every other member where it was. */
function withSortedLanguages(content: Uint8Array): Uint8Array {
  const entry = JSON.parse(Buffer.from(content).toString('utf8')) as { languages?: Record<string, unknown> };
  if (!entry.languages) return content;
  entry.languages = Object.fromEntries(Object.entries(entry.languages).sort(([a], [b]) => (a < b ? -1 : 1)));
  return Buffer.from(JSON.stringify(entry));
}

/** The index files with filters in sorted order and the filter, metadata and entry names to match. */
export function inStableOrder(files: readonly IndexFile[]): IndexFile[] {
  let result = files.map((file) => ({ ...file }));
  for (const filter of result.filter((file) => /^filter\/.*\.pf_filter$/.test(file.path))) {
    const oldName = filter.path.slice('filter/'.length, -'.pf_filter'.length);
    const content = sortedFilter(filter.content);
    const newName = rehashed(oldName, content);
    filter.path = `filter/${newName}.pf_filter`;
    filter.content = content;
    for (const meta of result.filter((file) => file.path.endsWith('.pf_meta')))
      meta.content = replacedInGzip(meta.content, oldName, newName);
  }
  const entry = result.find((file) => file.path === 'pagefind-entry.json');
  for (const meta of result.filter((file) => /^pagefind\..*\.pf_meta$/.test(file.path))) {
    const oldName = meta.path.slice('pagefind.'.length, -'.pf_meta'.length);
    const newName = rehashed(oldName, meta.content);
    meta.path = `pagefind.${newName}.pf_meta`;
    if (entry) entry.content = Buffer.from(Buffer.from(entry.content).toString('utf8').replaceAll(`"${oldName}"`, `"${newName}"`));
  }
  // One index per language: Pagefind lists them in the order its threads finished them.
  if (entry) entry.content = withSortedLanguages(entry.content);
  result = result.sort((a, b) => (a.path < b.path ? -1 : 1));
  return result;
}
