/** Which slugs a collection's files claim, before and regardless of validation. */
import { SLUG_PATTERN } from '../schemas/common.ts';
import type { CollectionName } from '../schemas/collections.ts';

/** A file path and its parsed data, as far as slugs are concerned. */
interface SlugSource {
  file: string;
  data?: unknown;
}

/** The file's base name without extension, which must equal the slug. */
export function baseName(file: string): string {
  return (file.split('/').pop() ?? file).replace(/\.[^.]+$/, '');
}

/**
 * The slugs a collection answers to: every file name, and every slug written inside a file. An
 * entry with a mistake still exists for the relation checks, so one mistake gives one message,
 * not one more in every file that points to it.
 */
export function knownSlugs(entries: readonly SlugSource[]): string[] {
  const slugs = new Set<string>();
  for (const { file, data } of entries) {
    slugs.add(baseName(file));
    const written = (data as { slug?: unknown } | null | undefined)?.slug;
    if (typeof written === 'string') slugs.add(written);
  }
  return [...slugs].filter((slug) => SLUG_PATTERN.test(slug)).sort();
}

/** Where an editor sees every slug of a collection: the file names in its folder. */
export function slugFolder(name: CollectionName): string {
  return `content/${name}/`;
}
