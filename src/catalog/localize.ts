/** Picks one locale out of the catalog's localized text, deeply; a missing translation falls back to English. */
import { DEFAULT_LOCALE, LOCALES, textIn, type Locale, type LocalizedText } from '../schemas/common.ts';
import { MISSING_TRANSLATIONS_KEY, STALE_TRANSLATIONS_KEY } from '../schemas/history.ts';

/** `T` with every localized text replaced by the string of one locale. */
export type Localized<T> = T extends LocalizedText
  ? string
  : T extends readonly (infer Item)[]
    ? Localized<Item>[]
    : T extends object
      ? { [K in keyof T]: Localized<T[K]> }
      : T;

/** The keys that speak of a translation: news to its readers only. */
const TRANSLATION_KEYS: ReadonlySet<string> = new Set([STALE_TRANSLATIONS_KEY, MISSING_TRANSLATIONS_KEY]);

/** True for a `{ "en-US": ..., "pt-BR"?: ... }` map: English text, and nothing but locales. */
export function isLocalizedText(value: unknown): value is LocalizedText {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record[DEFAULT_LOCALE] === 'string' &&
    Object.entries(record).every(([key, text]) => (LOCALES as readonly string[]).includes(key) && typeof text === 'string')
  );
}

/** Returns a copy of `value` in one locale. Key order is kept, so output stays deterministic. */
export function localize<T>(value: T, locale: Locale): Localized<T> {
  if (isLocalizedText(value)) return textIn(value, locale) as Localized<T>;
  if (Array.isArray(value)) return value.map((item: unknown) => localize(item, locale)) as Localized<T>;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([key]) => locale !== DEFAULT_LOCALE || !TRANSLATION_KEYS.has(key));
    return Object.fromEntries(entries.map(([key, item]) => [key, localize(item, locale)])) as Localized<T>;
  }
  return value as Localized<T>;
}

/** Whether some localized text in `value` has no text in `locale`. */
function lacks(value: unknown, locale: Locale): boolean {
  if (isLocalizedText(value)) return value[locale] === undefined;
  if (Array.isArray(value)) return value.some((item) => lacks(item, locale));
  return value !== null && typeof value === 'object' && Object.values(value).some((item) => lacks(item, locale));
}

/** The top-level fields of an entry with text missing in some locale: `missing_translations`, when any. */
export function missingTranslations(entry: Record<string, unknown>): { missing_translations?: string[] } {
  const missing = Object.keys(entry).filter((field) => LOCALES.some((locale) => lacks(entry[field], locale)));
  return missing.length > 0 ? { [MISSING_TRANSLATIONS_KEY]: missing } : {};
}
