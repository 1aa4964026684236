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

/** The three uses Content Signals (contentsignals.org) name, in the order robots.txt lists them. */
export const CONTENT_SIGNAL_NAMES = ['search', 'ai-input', 'ai-train'] as const;

/** The studio's default: be found and quoted by search and AI answers, but not trained on. */
export const DEFAULT_CONTENT_SIGNALS = { search: 'yes', 'ai-input': 'yes', 'ai-train': 'no' } as const;

/** What the studio allows of its content, per use: robots.txt publishes it as a Content-Signal line. */
export const ContentSignalsSchema = z.strictObject({
  /** Building a search index and showing links and short excerpts. */
  search: z.enum(['yes', 'no']).default(DEFAULT_CONTENT_SIGNALS.search),
  /** Giving the content to an AI model to answer with (retrieval, grounding). */
  'ai-input': z.enum(['yes', 'no']).default(DEFAULT_CONTENT_SIGNALS['ai-input']),
  /** Training or fine-tuning AI models. */
  'ai-train': z.enum(['yes', 'no']).default(DEFAULT_CONTENT_SIGNALS['ai-train']),
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
  /** Content Signals for robots.txt; each use left out takes the default (search and AI answers yes, training no). */
  content_signals: ContentSignalsSchema.default(DEFAULT_CONTENT_SIGNALS),
});
export type Profile = z.output<typeof ProfileSchema>;
