/** When an entry was created and last changed, from the git history of its file (src/catalog/history.ts). */
import { z } from 'astro/zod';

/** A commit hash, or null when the date comes from the fallback rule and no commit exists. */
const CommitSchema = z
  .string()
  .regex(/^[0-9a-f]{40}$/)
  .nullable();
/** A commit time in UTC, ISO 8601 with milliseconds. */
const CommitTimeSchema = z.iso.datetime({ precision: 3 });

/** The dates every entry carries in payloads, pages, twins, JSON-LD and the sitemap. */
export const EntryDatesSchema = z.strictObject({
  created_at: CommitTimeSchema.describe('Commit time (UTC) of the first commit that added the entry’s file.'),
  created_commit: CommitSchema.describe('That commit’s hash; null when the build had no git history.'),
  updated_at: CommitTimeSchema.describe('Commit time (UTC) of the last commit that changed the entry’s file.'),
  updated_commit: CommitSchema.describe('That commit’s hash; null when the build had no git history.'),
});
export type EntryDates = z.output<typeof EntryDatesSchema>;

/**
 * The date of content with no commit at all (a tarball, a synthetic catalog outside git): fixed, so
 * such a build is reproducible too. Documented in docs/history.md#without-history.
 */
export const NO_HISTORY_DATE = '2026-01-01T00:00:00.000Z';

/** The dates of an entry with no history and no commit. */
export const UNDATED: EntryDates = {
  created_at: NO_HISTORY_DATE,
  created_commit: null,
  updated_at: NO_HISTORY_DATE,
  updated_commit: null,
};

/** `schema` with the entry's dates: what payloads publish of an entry (the YAML itself carries none). */
export function dated<Shape extends z.core.$ZodLooseShape>(schema: z.ZodObject<Shape, z.core.$strict>) {
  return schema.extend(EntryDatesSchema.shape);
}
