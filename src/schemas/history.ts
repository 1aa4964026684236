/** When an entry was created and last changed, from the git history of its file (src/catalog/history.ts). */
import { z } from 'astro/zod';

/**
 * A commit hash, or empty when the date comes from the fallback rule and no commit exists (not
 * null: a nullable field is an anyOf in the contract, which the compatibility gate's diff misreads).
 */
const CommitSchema = z.string().regex(/^(?:[0-9a-f]{40})?$/);
/** A commit time in UTC, ISO 8601 with milliseconds. */
const CommitTimeSchema = z.iso.datetime({ precision: 3 });

/** The dates every entry carries in payloads, pages, twins, JSON-LD and the sitemap. */
export const EntryDatesSchema = z.strictObject({
  created_at: CommitTimeSchema.describe('Commit time (UTC) of the first commit that added the entry’s file.'),
  created_commit: CommitSchema.describe('That commit’s hash; empty when the build had no git history.'),
  updated_at: CommitTimeSchema.describe('Commit time (UTC) of the last commit that changed the entry’s file.'),
  updated_commit: CommitSchema.describe('That commit’s hash; empty when the build had no git history.'),
});
export type EntryDates = z.output<typeof EntryDatesSchema>;

/** A field whose pt-BR text was last changed in a commit before the one that last changed its en-US text. */
export const StaleTranslationSchema = z.strictObject({
  field: z.string().describe('The top-level field, such as summary.'),
  source_commit: z
    .string()
    .regex(/^[0-9a-f]{40}$/)
    .describe('The commit that last changed its en-US text, after the translation.'),
  source_at: CommitTimeSchema.describe('That commit’s time (UTC): when the English text changed.'),
  translated_commit: z
    .string()
    .regex(/^[0-9a-f]{40}$/)
    .describe('The commit that last changed its pt-BR text.'),
});
export type StaleTranslation = z.output<typeof StaleTranslationSchema>;

/** What the history adds to an entry: its dates, and its stale translations when it has any. */
export type EntryHistory = EntryDates & { stale_translations?: StaleTranslation[] };

/** The keys localize() keeps only in pt-BR payloads: en-US is the source, never stale or missing. */
export const STALE_TRANSLATIONS_KEY = 'stale_translations';
export const MISSING_TRANSLATIONS_KEY = 'missing_translations';

/**
 * The date of content with no commit at all (a tarball, a synthetic catalog outside git): fixed, so
 * such a build is reproducible too. Documented in docs/history.md#without-history.
 */
export const NO_HISTORY_DATE = '2026-01-01T00:00:00.000Z';

/** The dates of an entry with no history and no commit. */
export const UNDATED: EntryDates = {
  created_at: NO_HISTORY_DATE,
  created_commit: '',
  updated_at: NO_HISTORY_DATE,
  updated_commit: '',
};

/** `schema` with the entry's dates: what payloads publish of an entry (the YAML itself carries none). */
export function dated<Shape extends z.core.$ZodLooseShape>(schema: z.ZodObject<Shape, z.core.$strict>) {
  return schema.extend({
    ...EntryDatesSchema.shape,
    stale_translations: z
      .array(StaleTranslationSchema)
      .optional()
      .describe('In pt-BR payloads only, when some fields’ Portuguese text is older than their English text: which, and since which commit.'),
    missing_translations: z
      .array(z.string())
      .optional()
      .describe('In pt-BR payloads only, the top-level fields with no Portuguese text yet: they carry the English text.'),
  });
}

/**
 * A declared breaking change: the thing still works, is marked deprecated since `since`, and goes
 * away after `sunset` (RFC 9745 Deprecation, RFC 8594 Sunset). The route table marks routes and
 * parameters with it; a category's file marks the category value (docs/history.md#compatibility).
 */
export const DeprecationSchema = z
  .strictObject({
    since: z.iso.date().describe('The day it was deprecated (YYYY-MM-DD).'),
    sunset: z.iso.date().describe('The day after which it may be removed (YYYY-MM-DD).'),
  })
  .describe('Deprecated: still served until the sunset date, then removed.');
export type Deprecation = z.output<typeof DeprecationSchema>;
