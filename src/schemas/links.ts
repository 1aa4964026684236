/** Public links for the brand and the personal account. */
import { z } from 'astro/zod';
import { HrefSchema, LocalizedTextSchema, SlugSchema } from './common.ts';
import { OwnerSchema } from './profiles.ts';

/** What kind of place a link leads to. */
export const LINK_KINDS = ['website', 'code', 'social', 'contact', 'documentation', 'data'] as const;

export const LinkEntrySchema = z.strictObject({
  /** Identifier of the link. */
  slug: SlugSchema,
  /** Link text that makes sense out of context. */
  title: LocalizedTextSchema,
  /** What the reader finds there. */
  summary: LocalizedTextSchema,
  /** The address. */
  url: HrefSchema,
  /** The brand's or the founder's. */
  owner: OwnerSchema,
  /** The kind of destination. */
  kind: z.enum(LINK_KINDS),
});
export type LinkEntry = z.output<typeof LinkEntrySchema>;
