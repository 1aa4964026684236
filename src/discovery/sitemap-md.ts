/**
 * sitemap.md (Vercel's agent readability spec): every page of the inventory with its page URL and
 * its Markdown twin, grouped as llms.txt groups them (key pages, then the rest), so an agent can
 * walk the site as Markdown. The XML sitemap stays the one for search engines.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { DEFAULT_LOCALE } from '../schemas/common.ts';
import { SITE_NAME, absoluteUrl } from '../site/config.ts';
import { SECTION_PAGES, type PageRecord } from '../site/pages.ts';
import { twinPath } from './markdown-twins.ts';
import { LLMS_TXT_PATH } from './paths.ts';
import { publishedResources } from './resources.ts';

/** Builds sitemap.md with absolute URLs from `base`. */
export function buildSitemapMd(catalog: Catalog, base: string): string {
  const en = DEFAULT_LOCALE;
  const pages = publishedResources(catalog).pages.map((resource) => resource.page!);
  const sectionPaths = new Set(SECTION_PAGES.map((page) => page.path));
  const line = (page: PageRecord) =>
    `- [${page.title[en]}](${absoluteUrl(twinPath(page.path), base)}): ${page.description[en]} HTML: <${absoluteUrl(page.path, base)}>.`;
  return [
    `# ${SITE_NAME} sitemap`,
    '',
    `> Every page of the site (${pages.length}) as its Markdown twin, with the HTML page beside it. The index for language models is <${absoluteUrl(LLMS_TXT_PATH, base)}>.`,
    '',
    '## Key pages',
    '',
    ...pages.filter((page) => sectionPaths.has(page.path)).map(line),
    '',
    '## Optional',
    '',
    ...pages.filter((page) => !sectionPaths.has(page.path)).map(line),
    '',
  ].join('\n');
}
