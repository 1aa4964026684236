/** Trust signals: contact, social proof and public policies. */
import { z } from 'astro/zod';
import { HrefSchema, LocalizedTextSchema, SlugSchema } from './common.ts';

/** The three families of trust signals. */
export const TRUST_KINDS = ['contact', 'social-proof', 'policy'] as const;

export const TrustSchema = z.strictObject({
  /** Identifier of the signal. */
  slug: SlugSchema,
  /** Which family it belongs to. */
  kind: z.enum(TRUST_KINDS),
  /** Display title. */
  title: LocalizedTextSchema,
  /** The signal itself. */
  summary: LocalizedTextSchema,
  /** Supporting detail: terms, figures, the quote. */
  details: z.array(LocalizedTextSchema),
  /** Where to verify it, if anywhere. */
  url: HrefSchema.optional(),
});
export type Trust = z.output<typeof TrustSchema>;
