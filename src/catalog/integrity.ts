/** The integrity rules across files: unique slugs, file names equal to slugs, relations that resolve and never loop on themselves. */
import type { CollectionName } from '../schemas/collections.ts';
import { SLUG_PATTERN } from '../schemas/common.ts';
import { valueAt, type FileChecker } from './editor-messages.ts';
import { ENTRY_NOUN, RELATIONS } from './relations.ts';
import { baseName, slugFolder } from './slugs.ts';
import { didYouMean } from './suggest.ts';

/** One file after the schema pass. */
export interface Checked {
  checker: FileChecker;
  entry?: Record<string, unknown>;
}

/** The slug written in a file, when it passed the schema. */
function writtenSlug({ checker }: Checked): string | undefined {
  const slug = (checker.data as { slug?: unknown } | null)?.slug;
  return typeof slug === 'string' && !checker.isReported(['slug']) ? slug : undefined;
}

/** Unique slugs, and file names equal to slugs: one message per file that breaks them. */
export function checkSlugs(name: CollectionName, files: readonly Checked[]): void {
  const bySlug = new Map<string, Checked[]>();
  for (const checked of files) {
    const slug = writtenSlug(checked);
    if (slug !== undefined) bySlug.set(slug, [...(bySlug.get(slug) ?? []), checked]);
  }
  for (const [slug, sharing] of bySlug) {
    // The file named after the slug owns it; every other file is the copy with the mistake.
    const owner = sharing.find(({ checker }) => baseName(checker.file) === slug) ?? sharing[0];
    for (const checked of sharing) {
      const { checker } = checked;
      const ownName = baseName(checker.file);
      const ownNameFree = SLUG_PATTERN.test(ownName) && !bySlug.has(ownName);
      if (checked !== owner && owner) {
        checker.add(['slug'], {
          problem: `this slug is already used by ${owner.checker.file}; slugs must be unique in the ${name} collection`,
          fix: ownNameFree ? `Did you mean "${ownName}" (the file name)?` : `Give this entry its own slug and name the file after it.`,
        });
      } else if (ownName !== slug) {
        checker.add(['slug'], {
          problem: 'the file name must be the slug',
          fix: `Rename the file to ${slug}.yaml, or change the slug to "${ownName}".`,
        });
      }
    }
  }
}

/** Every relation points at an existing entry, never at itself. */
export function checkRelations(name: CollectionName, files: readonly Checked[], known: Record<CollectionName, string[]>): void {
  for (const relation of RELATIONS.filter(({ from }) => from === name)) {
    const allowed = known[relation.to];
    const noun = ENTRY_NOUN[relation.to];
    for (const { checker } of files) {
      if (checker.isReported([relation.field])) continue;
      const value = valueAt(checker.data, [relation.field]);
      const items: [PropertyKey[], unknown][] = Array.isArray(value)
        ? value.map((slug, index) => [[relation.field, index], slug])
        : value === undefined
          ? []
          : [[[relation.field], value]];
      for (const [path, slug] of items) {
        if (typeof slug !== 'string' || checker.isReported(path)) continue;
        if (!allowed.includes(slug)) {
          const suggestion = didYouMean(slug, allowed);
          checker.add(path, {
            problem: `no ${noun} has this slug`,
            fix: suggestion ? `Did you mean "${suggestion}"?` : `Use the slug of an existing ${noun}.`,
            allowed,
            seeAll: `the file names in ${slugFolder(relation.to)}`,
          });
        } else if (relation.from === relation.to && slug === writtenSlug({ checker })) {
          checker.add(path, { problem: `a ${noun} cannot refer to itself`, fix: `Remove "${slug}" from "${relation.field}".` });
        }
      }
    }
  }
}
