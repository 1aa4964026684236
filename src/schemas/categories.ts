/** Categories group cases and projects by the kind of problem they solve. */
import { z } from 'astro/zod';
import { LocalizedTextSchema, SlugRefSchema, SlugSchema } from './common.ts';
import { DeprecationSchema } from './history.ts';

export const CategorySchema = z.strictObject({
  /** Identifier of the category. */
  slug: SlugSchema,
  /** Display name. */
  name: LocalizedTextSchema,
  /** What falls under this category. */
  summary: LocalizedTextSchema,
  /** What good work in this category shows, each a short statement. */
  signals: z.array(LocalizedTextSchema).min(1),
  /** Stack slugs typical of the category. */
  stacks: z.array(SlugRefSchema),
  /** Capability slugs the category draws on. */
  capabilities: z.array(SlugRefSchema),
  /** Operational dossier slugs that keep the category's work honest. */
  operations: z.array(SlugRefSchema),
  /** Set instead of deleting the file: clients filtering by this category keep working until the sunset. */
  deprecated: DeprecationSchema.optional(),
});
export type Category = z.output<typeof CategorySchema>;
