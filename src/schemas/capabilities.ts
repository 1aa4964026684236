/** Capabilities: what the studio can deliver, by domain, with technologies and delivery modes. */
import { z } from 'astro/zod';
import { LocalizedTextSchema, SlugRefSchema, SlugSchema } from './common.ts';

export const CapabilitySchema = z.strictObject({
  /** Identifier of the capability. */
  slug: SlugSchema,
  /** Display name. */
  name: LocalizedTextSchema,
  /** The capability's domain, such as "Delivery engineering". */
  domain: LocalizedTextSchema,
  /** What the studio delivers under this capability. */
  summary: LocalizedTextSchema,
  /** Stack slugs the capability is delivered with. */
  technologies: z.array(SlugRefSchema).min(1),
  /** How a client can engage: audit, build, retainer... */
  delivery_modes: z.array(LocalizedTextSchema).min(1),
});
export type Capability = z.output<typeof CapabilitySchema>;
