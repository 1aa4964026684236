/** The studio's institutional summary: who it is, how to reach it, what it specializes in. */
import { z } from 'astro/zod';
import { HrefSchema, LocalizedTextSchema, SlugSchema } from './common.ts';

/** A way to reach the studio. */
export const ChannelSchema = z.strictObject({
  /** The channel's medium. */
  kind: z.enum(['email', 'website', 'code', 'social', 'calendar']),
  /** A short label such as "Email" or "GitHub". */
  label: LocalizedTextSchema,
  /** Where the channel lives. */
  url: HrefSchema,
});

export const ProfileSchema = z.strictObject({
  /** Identifier of the profile entry. */
  slug: SlugSchema,
  /** The studio's display name. */
  name: z.string().min(1),
  /** One line that says what the studio does. */
  headline: LocalizedTextSchema,
  /** A paragraph for the about page and the API. */
  summary: LocalizedTextSchema,
  /** Where the studio works from. */
  location: LocalizedTextSchema,
  /** The year the studio was founded. */
  founded: z.number().int().min(1990).max(2100),
  /** The studio's public email address. */
  email: z.email(),
  /** The founder, published as a schema.org Person. */
  founder: z.strictObject({
    name: z.string().min(1),
    role: LocalizedTextSchema,
    url: HrefSchema,
  }),
  /** How to reach the studio. */
  channels: z.array(ChannelSchema).min(1),
  /** What the studio is best at, most important first. */
  specialties: z.array(LocalizedTextSchema).min(1),
});
export type Profile = z.output<typeof ProfileSchema>;
