/** Public journeys: how a visitor becomes a client, step by step, with the commercial context. */
import { z } from 'astro/zod';
import { LinkSchema, LocalizedTextSchema, SlugSchema } from './common.ts';

/** Who a journey is for. */
export const JOURNEY_AUDIENCES = ['founders', 'product-teams', 'agencies', 'developers'] as const;
/** Where in the relationship the journey sits. */
export const JOURNEY_STAGES = ['discover', 'evaluate', 'engage', 'operate'] as const;

export const JourneySchema = z.strictObject({
  /** Identifier of the journey. */
  slug: SlugSchema,
  /** Display title. */
  title: LocalizedTextSchema,
  /** Who it helps and how. */
  summary: LocalizedTextSchema,
  /** Who the journey is for. */
  audience: z.enum(JOURNEY_AUDIENCES),
  /** Where in the relationship it sits. */
  stage: z.enum(JOURNEY_STAGES),
  /** The steps, in order. */
  steps: z.array(z.strictObject({ title: LocalizedTextSchema, description: LocalizedTextSchema })).min(2),
  /** Where to go along the way. */
  links: z.array(LinkSchema).min(1),
  /** What the engagement looks like commercially. */
  commercial: z.strictObject({
    /** What is offered. */
    offer: LocalizedTextSchema,
    /** How it is priced. */
    pricing: LocalizedTextSchema,
    /** How long it usually takes. */
    duration: LocalizedTextSchema,
    /** The next step a reader can take. */
    call_to_action: LinkSchema,
  }),
});
export type Journey = z.output<typeof JourneySchema>;
