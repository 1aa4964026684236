/**
 * Where each language of the website lives: English at the site's paths, Portuguese under /pt-br/
 * with the same path after it. The URL decides a page's language, never a header or a cookie.
 */
import { LANG_PARAM } from './params.ts';
import { ROUTES } from './routes.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../schemas/common.ts';

/** The first path segment of a locale's pages; the default locale has none. */
export const LOCALE_SEGMENTS: Record<Locale, string | undefined> = { 'en-US': undefined, 'pt-BR': 'pt-br' };

/** The locale whose segment opens `path`, else the default. */
export function localeOfPath(path: string): Locale {
  return (
    LOCALES.find((locale) => {
      const segment = LOCALE_SEGMENTS[locale];
      return segment !== undefined && (path === `/${segment}` || path.startsWith(`/${segment}/`));
    }) ?? DEFAULT_LOCALE
  );
}

/** `path` without its locale segment: the same page's path in the default locale. */
export function basePath(path: string): string {
  const segment = LOCALE_SEGMENTS[localeOfPath(path)];
  return segment === undefined ? path : path.slice(segment.length + 1) || '/';
}

/**
 * The same page's path in `locale`: a site path (`/stacks/astro/`, with an anchor or a query too)
 * gets the locale's segment; anything else (another origin, the API, a file) stays as it is.
 */
export function localizedPath(path: string, locale: Locale): string {
  const segment = LOCALE_SEGMENTS[locale];
  const base = basePath(path);
  if (segment === undefined || !isPagePath(base)) return base;
  return `/${segment}${base}`;
}

/** Whether a link names a page of the website (a folder path), not a file, the API or another origin. */
function isPagePath(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return pathname.startsWith('/') && !pathname.startsWith('//') && pathname.endsWith('/');
}

/** getStaticPaths' `lang` parameter of every page, one per locale (`src/pages/[...lang]/`). */
export const LANG_PARAMS = LOCALES.map((locale) => ({ lang: LOCALE_SEGMENTS[locale] }));

/** getStaticPaths of a page with no parameter but its language: one copy per locale. */
export const langPaths = () => LANG_PARAMS.map((params) => ({ params }));

/** The locale of a page rendered for `lang` (its rest parameter). */
export function localeOfParam(lang: string | undefined): Locale {
  return LOCALES.find((locale) => LOCALE_SEGMENTS[locale] === lang) ?? DEFAULT_LOCALE;
}

/** Route paths (`/api/stacks/{slug}`) as patterns, with whether the route takes `lang`. */
const LANG_ROUTES = ROUTES.map((route) => ({
  pattern: new RegExp(`^${route.path.replace('{slug}', '[^/]+')}$`),
  takesLang: route.params.some((param) => param.name === LANG_PARAM.name),
}));

/** A page's JSON twin in `locale`: the API answer with `?lang=` where the endpoint takes it. */
export function apiUrlIn(url: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return url;
  return LANG_ROUTES.some((route) => route.takesLang && route.pattern.test(url)) ? `${url}?${LANG_PARAM.name}=${locale}` : url;
}
