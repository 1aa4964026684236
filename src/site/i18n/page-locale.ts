/**
 * What a page or component needs to speak its page's language, read from the page's URL: the
 * locale, its interface strings, links that stay in the language, and dates and numbers by Intl.
 */
import type { Locale } from '../../schemas/common.ts';
import { dictionaryFor, type Dictionary } from './dictionary.ts';
import { localeOfPath, localizedPath } from '../../routes/locale-paths.ts';

export interface PageLocale {
  locale: Locale;
  /** The interface strings of the locale. */
  t: Dictionary;
  /** A site path as a link from this page: the same page in this page's language. */
  href: (path: string) => string;
  /** A date (ISO 8601) as the locale writes it, such as "21 de novembro de 2026". */
  date: (iso: string) => string;
}

const DATE_FORMATS = new Map<Locale, Intl.DateTimeFormat>();

/** The locale of the page at `url`, with its strings, links and formats. */
export function pageLocale(url: URL): PageLocale {
  const locale = localeOfPath(url.pathname);
  let format = DATE_FORMATS.get(locale);
  if (!format) DATE_FORMATS.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })));
  const dates = format;
  return {
    locale,
    t: dictionaryFor(locale),
    href: (path) => localizedPath(path, locale),
    date: (iso) => dates.format(new Date(iso)),
  };
}
