/** Where a field of an entry stands in a page's language: up to date, behind its English, or missing. */
import { DEFAULT_LOCALE, type Locale } from '../schemas/common.ts';
import type { StaleTranslation } from '../schemas/history.ts';

/** What a localized entry says of its translation (pt-BR payloads only). */
export interface TranslationState {
  stale_translations?: readonly StaleTranslation[] | undefined;
  missing_translations?: readonly string[] | undefined;
}

/** The language a field's text is in when it is not the page's: English, for a missing translation. */
export function fieldLanguage(entry: TranslationState, field: string, locale: Locale): Locale | undefined {
  return locale !== DEFAULT_LOCALE && entry.missing_translations?.includes(field) ? DEFAULT_LOCALE : undefined;
}

/** The note a field needs on a page of `locale`: its text is missing (shown in English) or behind. */
export function translationNote(
  entry: TranslationState,
  field: string,
  locale: Locale,
): { kind: 'missing' } | { kind: 'stale'; since: string } | undefined {
  if (fieldLanguage(entry, field, locale)) return { kind: 'missing' };
  const behind = locale === DEFAULT_LOCALE ? undefined : entry.stale_translations?.find((item) => item.field === field);
  return behind && { kind: 'stale', since: behind.source_at };
}
