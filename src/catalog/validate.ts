/**
 * Turns raw content files into validated collections: schema validation first, then the
 * integrity rules (slug shape and uniqueness, file name, relations). Every file becomes exactly
 * one entry or at least one issue; nothing is dropped. One mistake gives one issue: an entry with
 * a mistake still exists for relation checks, a misspelt field is not also reported missing, and
 * a value already reported is not checked again. The messages come from editor-messages.ts, the
 * cross-file rules from integrity.ts.
 */
import type { z } from 'astro/zod';
import { COLLECTION_NAMES, COLLECTION_SCHEMAS, type CollectionName, type Collections } from '../schemas/collections.ts';
import { ContentValidationError, type ContentIssue } from './content-error.ts';
import { FileChecker } from './editor-messages.ts';
import { UNDATED, type EntryHistory } from '../schemas/history.ts';
import { checkRelations, checkSlugs, type Checked } from './integrity.ts';
import type { RawCollections } from './raw-content.ts';
import { knownSlugs } from './slugs.ts';
import { missingTranslations } from './localize.ts';

/** An entry with what its history and its text say of its translation. */
const withHistory = (data: Record<string, unknown>, history: EntryHistory) => ({ ...data, ...history, ...missingTranslations(data) });

/**
 * Validates every collection and resolves every relation; returns the entries, each with its history
 * (`datesOf` its file: dates, stale translations; the fixed no-history date by default), its missing
 * translations, and every issue.
 */
export function checkCollections(
  raw: RawCollections,
  datesOf: (file: string) => EntryHistory = () => UNDATED,
): { collections: Collections; issues: ContentIssue[] } {
  const known = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, knownSlugs(raw[name])])) as Record<CollectionName, string[]>;
  const checked = {} as Record<CollectionName, Checked[]>;
  const syntaxErrors: ContentIssue[] = [];

  for (const name of COLLECTION_NAMES) {
    const schema: z.ZodType = COLLECTION_SCHEMAS[name];
    checked[name] = [];
    for (const { file, data, syntaxError } of raw[name]) {
      if (syntaxError) {
        syntaxErrors.push(syntaxError);
        continue;
      }
      const checker = new FileChecker(name, file, data);
      checker.checkTodos();
      const result = schema.safeParse(data);
      if (!result.success) checker.checkSchema(result.error.issues);
      checked[name].push(
        result.success ? { checker, entry: withHistory(result.data as Record<string, unknown>, datesOf(file)) } : { checker },
      );
    }
    checkSlugs(name, checked[name]);
  }
  for (const name of COLLECTION_NAMES) checkRelations(name, checked[name], known);

  const issues = [...syntaxErrors, ...COLLECTION_NAMES.flatMap((name) => checked[name].flatMap(({ checker }) => checker.issues))];
  if (raw.profile.length !== 1) {
    issues.push({
      file: 'content/profile/',
      field: '(collection)',
      value: raw.profile.length,
      problem: 'the profile collection must hold exactly one entry, the studio',
      fix:
        raw.profile.length === 0
          ? 'Add the studio as content/profile/<slug>.yaml (`npm run new -- profile <slug>` writes one).'
          : 'Keep one file and move the others out of content/profile/.',
    });
  }
  const collections = Object.fromEntries(
    COLLECTION_NAMES.map((name) => [
      name,
      checked[name].filter(({ checker, entry }) => entry && checker.issues.length === 0).map(({ entry }) => entry),
    ]),
  ) as unknown as Collections;
  return { collections, issues };
}

/** Validates every collection and resolves every relation; throws with all issues at once. */
export function validateCollections(raw: RawCollections, earlier: readonly ContentIssue[] = []): Collections {
  const { collections, issues } = checkCollections(raw);
  if (earlier.length > 0 || issues.length > 0) throw new ContentValidationError([...earlier, ...issues]);
  return collections;
}
