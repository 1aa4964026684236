/** Picks one locale out of the catalog's localized text, deeply. */
import { DEFAULT_LOCALE, LOCALES, type Locale, type LocalizedText } from '../schemas/common.ts';
import { STALE_TRANSLATIONS_KEY } from '../schemas/history.ts';

/** `T` with every localized text replaced by the string of one locale. */
export type Localized<T> = T extends LocalizedText
  ? string
  : T extends readonly (infer Item)[]
    ? Localized<Item>[]
    : T extends object
      ? { [K in keyof T]: Localized<T[K]> }
      : T;

/** True for a `{ "en-US": ..., "pt-BR": ... }` map. */
export function isLocalizedText(value: unknown): value is LocalizedText {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === LOCALES.length && LOCALES.every((locale) => typeof (value as Record<string, unknown>)[locale] === 'string');
}

/** Returns a copy of `value` in one locale. Key order is kept, so output stays deterministic. */
export function localize<T>(value: T, locale: Locale): Localized<T> {
  if (isLocalizedText(value)) return value[locale] as Localized<T>;
  if (Array.isArray(value)) return value.map((item: unknown) => localize(item, locale)) as Localized<T>;
  if (value !== null && typeof value === 'object') {
    // An entry's stale translations are news to a reader of the translation only.
    const entries = Object.entries(value).filter(([key]) => key !== STALE_TRANSLATIONS_KEY || locale !== DEFAULT_LOCALE);
    return Object.fromEntries(entries.map(([key, item]) => [key, localize(item, locale)])) as Localized<T>;
  }
  return value as Localized<T>;
}
