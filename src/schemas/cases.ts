/** Portfolio cases: client work with its category, stacks and the signals it produced. */
import { z } from 'astro/zod';
import { LocalizedTextSchema, SlugRefSchema, SlugSchema } from './common.ts';

export const CaseSchema = z.strictObject({
  /** Identifier of the case. */
  slug: SlugSchema,
  /** The case's title. */
  title: LocalizedTextSchema,
  /** One or two sentences for cards and search. */
  summary: LocalizedTextSchema,
  /** Who the work was for (a client or a sector, never a secret). */
  client: LocalizedTextSchema,
  /** The year the work shipped. */
  year: z.number().int().min(2000).max(2100),
  /** The category slug the case belongs to. */
  category: SlugRefSchema,
  /** Stack slugs used in the case. */
  stacks: z.array(SlugRefSchema).min(1),
  /** The problem the client brought. */
  challenge: LocalizedTextSchema,
  /** What was delivered and how it landed. */
  outcome: LocalizedTextSchema,
  /** Observable results, each a short statement. */
  signals: z.array(LocalizedTextSchema).min(1),
  /** The project dossier behind the case, if one is public. */
  project: SlugRefSchema.optional(),
});
export type Case = z.output<typeof CaseSchema>;
