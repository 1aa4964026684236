/**
 * sitemap.md (Vercel's agent readability spec): every page of the inventory with its page URL and
 * its Markdown twin, grouped as llms.txt groups them (key pages, then the rest), so an agent can
 * walk the site as Markdown: the default language's pages first, then each translation's, with its
 * titles and descriptions in its language. The XML sitemap stays the one for search engines.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { localizedPath } from '../routes/locale-paths.ts';
import { DEFAULT_LOCALE, LOCALE_LANGUAGES, LOCALES, type Locale } from '../schemas/common.ts';
import { SITE_NAME, absoluteUrl } from '../site/config.ts';
import { SECTION_PAGES } from '../site/pages.ts';
import { LLMS_TXT_PATH } from './paths.ts';
import { publishedResources, type PublishedResource } from './resources.ts';

/** Builds sitemap.md with absolute URLs from `base`. */
export function buildSitemapMd(catalog: Catalog, base: string): string {
  const pages = publishedResources(catalog).pages;
  const sectionPaths = new Set(SECTION_PAGES.map((page) => page.path));
  const line = (resource: PublishedResource, locale: Locale) => {
    const { url, twin } = resource.languages!.find((language) => language.locale === locale)!;
    return `- [${resource.title[locale]}](${absoluteUrl(twin, base)}): ${resource.summary[locale]} HTML: <${absoluteUrl(url, base)}>.`;
  };
  const translations = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);
  const groups = (locale: Locale, suffix: string) => [
    `## Key pages${suffix}`,
    '',
    ...pages.filter((page) => sectionPaths.has(page.path)).map((page) => line(page, locale)),
    '',
    `## Optional${suffix}`,
    '',
    ...pages.filter((page) => !sectionPaths.has(page.path)).map((page) => line(page, locale)),
    '',
  ];
  return [
    `# ${SITE_NAME} sitemap`,
    '',
    `> Every page of the site (${pages.length}) as its Markdown twin, with the HTML page beside it. The index for language models is <${absoluteUrl(LLMS_TXT_PATH, base)}>.`,
    ...translations.flatMap((locale) => [
      '',
      `Every page is also in ${LOCALE_LANGUAGES[locale]} (${locale}), under ${localizedPath('/', locale)}: the sections marked (${locale}) list them, in ${LOCALE_LANGUAGES[locale]}.`,
    ]),
    '',
    ...groups(DEFAULT_LOCALE, ''),
    ...translations.flatMap((locale) => groups(locale, ` (${locale})`)),
  ].join('\n');
}
