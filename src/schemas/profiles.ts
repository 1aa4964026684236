/** The directory of supported profiles: the brand and the personal account. */
import { z } from 'astro/zod';
import { HrefSchema, LinkSchema, LocalizedTextSchema, SlugSchema } from './common.ts';

/** Whose profile it is: the studio brand or its founder's personal account. */
export const OWNERS = ['brand', 'personal'] as const;
export const OwnerSchema = z.enum(OWNERS);

/** A public code repository that the profile maintains. */
export const RepositorySchema = z.strictObject({
  name: z.string().min(1),
  url: HrefSchema,
  description: LocalizedTextSchema,
});

export const ProfileEntrySchema = z.strictObject({
  /** Identifier of the profile. */
  slug: SlugSchema,
  /** Whose profile this is. */
  owner: OwnerSchema,
  /** Display name. */
  name: z.string().min(1),
  /** The handle used on code hosts and social networks. */
  handle: z.string().min(1),
  /** What this profile publishes. */
  summary: LocalizedTextSchema,
  /** The profile's home address. */
  url: HrefSchema,
  /** Public repositories. */
  repositories: z.array(RepositorySchema),
  /** The main references a reader should start with. */
  references: z.array(LinkSchema),
});
export type ProfileEntry = z.output<typeof ProfileEntrySchema>;
