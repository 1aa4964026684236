/** Building blocks shared by every catalog schema: slugs, locales, localized text, links. */
import { z } from 'astro/zod';

/** The site's locales; the first is the default. */
export const LOCALES = ['en-US', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
/** The language each locale is written in, for editor-facing messages. */
export const LOCALE_LANGUAGES: Record<Locale, string> = { 'en-US': 'English', 'pt-BR': 'Portuguese' };

/** Lowercase kebab-case: letters and digits in groups joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An entry's identifier, unique in its collection and used in every URL. */
export const SlugSchema = z
  .string()
  .regex(SLUG_PATTERN, { message: 'must be lowercase kebab-case, such as "static-exports" (letters a-z, digits, single hyphens)' })
  .max(64);

/** A reference to another entry by slug; the catalog resolves it after validation. */
export const SlugRefSchema = SlugSchema;

/**
 * Human-readable text: the English is required, the Portuguese may follow later. A field without
 * it is served in English and says so (`missing_translations`, docs/editing.md); a blank one is an
 * error. Registered as `LocalizedText` so the contract can describe it as the plain string that
 * localized API payloads carry.
 */
export const LocalizedTextSchema = z
  .strictObject({
    'en-US': z.string().trim().min(1, { message: 'the English (en-US) text is missing' }),
    'pt-BR': z.string().trim().min(1, { message: 'the Portuguese (pt-BR) translation is empty' }).optional(),
  })
  .meta({ id: 'LocalizedText', description: 'Text in the requested locale.' });
export type LocalizedText = z.output<typeof LocalizedTextSchema>;

/** The text of `locale`, or the English while the translation is missing. */
export const textIn = (text: LocalizedText, locale: Locale): string => text[locale] ?? text[DEFAULT_LOCALE];

/** Text written in code: complete in every locale, unlike content, whose translation may lag. */
export type Bilingual = Record<Locale, string>;

/** Localized text written in code, one string per locale. */
export const bilingual = (en: string, pt: string): Bilingual => ({ 'en-US': en, 'pt-BR': pt });

/** Localized text that reads the same in every locale (a proper name, a path). */
export const sameInEveryLocale = (value: string): Bilingual => bilingual(value, value);

/** A site route ("/projects/"), an absolute https address or a mailto: address. */
export const HREF_PATTERN = /^(\/[^\s]*|https:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+)$/;
/** A site route only, such as "/projects/". */
export const SITE_PATH_PATTERN = /^\/[^\s]*$/;

/** A site route ("/projects/") or an absolute https address. */
export const HrefSchema = z.string().regex(HREF_PATTERN, {
  message: 'must be a site path starting with "/", an https:// address or a mailto: address',
});

/** A labelled link: a journey step's link, a call to action, a reference. */
export const LinkSchema = z.strictObject({
  /** What the link leads to, in words that make sense out of context. */
  label: LocalizedTextSchema,
  /** Where it leads. */
  url: HrefSchema,
});

/** A shell command worth knowing, with what it is for. */
export const CommandSchema = z.strictObject({
  /** The command as typed. */
  command: z.string().min(1),
  /** What running it proves or produces. */
  purpose: LocalizedTextSchema,
});

/** The six quality gates, in the canonical order `npm run verify` runs them. */
export const GATE_NAMES = ['site:export', 'format:check', 'lint', 'test', 'build', 'matrix:check'] as const;
export type GateName = (typeof GATE_NAMES)[number];
export const GateNameSchema = z.enum(GATE_NAMES);
