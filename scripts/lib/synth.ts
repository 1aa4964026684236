/**
 * A synthetic K× catalog for benchmarks: every entry of the real catalog copied K times under
 * new slugs and names, each copy's relations pointing at the same copy's entries, so the result
 * is as valid as the source and K times as large. Single-entry collections (the profile) stay single.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { RELATIONS } from '../../src/catalog/relations.ts';
import type { RawCollections, RawEntry } from '../../src/catalog/raw-content.ts';
import { COLLECTION_NAMES, SINGLE_ENTRY_COLLECTIONS, type CollectionName } from '../../src/schemas/collections.ts';

/** Largest accepted scale: 1000× is already far beyond any benchmark we run. */
export const MAX_SCALE = 1000;

/** The file that marks a folder as written by catalog:synth (loaders skip *.md), so it may be replaced. */
export const SYNTH_MARKER = 'README.md';

type Data = Record<string, unknown>;

/** Copy 1 is the source itself; copy n > 1 gets `-copy-n` on every slug of a copied collection. */
export function copySlug(collection: CollectionName, slug: string, copy: number): string {
  return copy === 1 || SINGLE_ENTRY_COLLECTIONS[collection] ? slug : `${slug}-copy-${copy}`;
}

/** A display name (plain or localized) with ` #n` after it in every locale. */
function copyName(name: unknown, copy: number): unknown {
  if (copy === 1) return name;
  if (typeof name === 'string') return `${name} #${copy}`;
  if (name && typeof name === 'object')
    return Object.fromEntries(Object.entries(name).map(([locale, text]) => [locale, `${String(text)} #${copy}`]));
  return name;
}

/** One entry of `collection` as copy `copy`: new slug and name, relations into the same copy. */
function copyEntry(collection: CollectionName, data: Data, copy: number): Data {
  const result: Data = { ...data, slug: copySlug(collection, String(data['slug']), copy) };
  // The field an entry is displayed by, the same rule the catalog's references use.
  const nameField = 'name' in data ? 'name' : 'title' in data ? 'title' : undefined;
  if (nameField) result[nameField] = copyName(data[nameField], copy);
  for (const relation of RELATIONS.filter((item) => item.from === collection)) {
    const value = data[relation.field];
    if (value === undefined) continue;
    result[relation.field] = Array.isArray(value)
      ? value.map((slug) => copySlug(relation.to, String(slug), copy))
      : copySlug(relation.to, String(value), copy);
  }
  return result;
}

/** The K× collections: every copied collection's entries `scale` times, copy by copy. */
export function synthesize(raw: RawCollections, scale: number): RawCollections {
  if (!Number.isInteger(scale) || scale < 1 || scale > MAX_SCALE)
    throw new Error(`scale must be an integer from 1 to ${MAX_SCALE}, got ${scale}`);
  const result = {} as RawCollections;
  for (const name of COLLECTION_NAMES) {
    const copies = SINGLE_ENTRY_COLLECTIONS[name] ? 1 : scale;
    result[name] = [];
    for (let copy = 1; copy <= copies; copy += 1) {
      for (const entry of raw[name]) {
        const data = copyEntry(name, entry.data as Data, copy);
        result[name].push({ file: `${name}/${String(data['slug'])}.yaml`, data } satisfies RawEntry);
      }
    }
  }
  return result;
}

/** Writes the collections as YAML under `outDir`, replacing an earlier synthetic catalog only. */
export function writeCollections(collections: RawCollections, outDir: string, note: string): number {
  if (existsSync(outDir) && readdirSync(outDir).length > 0) {
    const marker = join(outDir, SYNTH_MARKER);
    if (!existsSync(marker) || !readFileSync(marker, 'utf8').includes('catalog:synth'))
      throw new Error(`${outDir} is not empty and was not written by catalog:synth; choose an empty or new folder`);
    rmSync(outDir, { recursive: true });
  }
  let written = 0;
  for (const name of COLLECTION_NAMES) {
    mkdirSync(join(outDir, name), { recursive: true });
    for (const entry of collections[name]) {
      writeFileSync(join(outDir, entry.file), yaml.dump(entry.data, { lineWidth: -1, noRefs: true }));
      written += 1;
    }
  }
  writeFileSync(
    join(outDir, SYNTH_MARKER),
    `# Synthetic catalog\n\nWritten by \`npm run catalog:synth\`: ${note}. Do not edit; regenerate it.\n`,
  );
  return written;
}
