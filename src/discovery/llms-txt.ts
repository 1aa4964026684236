/** llms.txt, following https://llmstxt.org: H1, blockquote, notes, then H2 sections of links. */
import { apiUrl, CONTRACT_DOCUMENT_PATH } from '../routes/urls.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { DEFAULT_LOCALE, LOCALE_LANGUAGES, LOCALES, textIn, type Locale } from '../schemas/common.ts';
import { SITE_NAME, absoluteUrl } from '../site/config.ts';
import { SECTION_PAGES } from '../site/pages.ts';
import { localizedPath } from '../routes/locale-paths.ts';
import { MCP_PATH, MCP_SUMMARY } from '../routes/mcp-endpoint.ts';
import { twinPath } from './markdown-twins.ts';
import { LLMS_TXT_PATH, SITEMAP_MD_PATH } from './paths.ts';
import { publishedResources, type PublishedResource } from './resources.ts';

/** Where this file is published; it does not list itself. */
export { LLMS_TXT_PATH };

const link = (name: string, url: string, note: string) => `- [${name}](${url}): ${note}`;

/** The languages besides the default, each with the heading of its key pages. */
const TRANSLATIONS = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);
const translationHeading = (locale: Locale) => `## Key pages in ${LOCALE_LANGUAGES[locale]} (${locale})`;

/**
 * The note on a translation: where its pages and twins are, by an example, and where they are listed.
 * Only its key pages are listed here, to keep the file short; sitemap.md lists every page of every language.
 */
function translationNote(locale: Locale, example: PublishedResource, base: string): string {
  const language = example.languages!.find((item) => item.locale === locale)!;
  return `- Every page is also in ${LOCALE_LANGUAGES[locale]} (${locale}) under ${localizedPath('/', locale)} with the same path after it (${language.url} for ${example.path}), and has its own twin (${language.twin}): "${translationHeading(locale).slice(3)}" below lists its key pages, <${absoluteUrl(SITEMAP_MD_PATH, base)}> every page in every language.`;
}

/** Builds llms.txt with absolute URLs from `base`. */
export function buildLlmsTxt(catalog: Catalog, base: string): string {
  const en = DEFAULT_LOCALE;
  const profile = catalog.profile;
  const { pages: pageResources, endpoints, exports, standaloneDocuments } = publishedResources(catalog);
  const pages = pageResources.map((resource) => resource.page!);
  const example = pageResources.find((resource) => resource.path !== '/')!;
  const referencePage = pages.find((page) => page.family === 'openapi')!;
  const sectionPaths = new Set(SECTION_PAGES.map((page) => page.path));
  const lines = [
    `# ${SITE_NAME}`,
    '',
    `> ${profile.headline[en]} ${profile.summary[en]}`,
    '',
    `- Every API response is a JSON envelope: request_id, timestamp, method, path, query and payload; errors add an RFC 9457 \`error\` with a stable \`code\`.`,
    `- The API is read-only (GET, HEAD, OPTIONS). Localized endpoints take \`lang\` (en-US or pt-BR).`,
    `- Every page below is linked by its Markdown twin (the page's path with \`.md\`); the HTML page answers with the same Markdown to \`Accept: text/markdown\`.`,
    `- The site publishes ${pages.length} pages, ${endpoints.length} endpoints and ${catalog.counts.operations} operational dossiers; /api/audit computes these counts.`,
    ...TRANSLATIONS.map((locale) => translationNote(locale, example, base)),
    '',
    '## API',
    '',
    ...endpoints.map((endpoint) => link(endpoint.path, absoluteUrl(endpoint.url, base), endpoint.route!.summary)),
    link(`MCP ${MCP_PATH}`, absoluteUrl(MCP_PATH, base), MCP_SUMMARY),
    '',
    '## Data exports',
    '',
    ...exports.map((resource) =>
      link(resource.route!.exportFile!, absoluteUrl(resource.url, base), `the default payload of ${resource.api_url}, byte for byte`),
    ),
    '',
    '## Documentation',
    '',
    link(
      'OpenAPI contract',
      absoluteUrl(CONTRACT_DOCUMENT_PATH, base),
      `the OpenAPI 3.1 contract as a bare document (${apiUrl('getContract')} holds it in the envelope)`,
    ),
    link(
      'API reference',
      absoluteUrl(twinPath(referencePage.path), base),
      'every operation with its parameters, error codes, a curl command and a real example response; an interactive console on request',
    ),
    ...standaloneDocuments
      .filter((document) => document.path !== LLMS_TXT_PATH && document.path !== CONTRACT_DOCUMENT_PATH)
      .map((document) => link(textIn(document.title, en), absoluteUrl(document.path, base), textIn(document.summary, en))),
    '',
    '## Key pages',
    '',
    ...pages
      .filter((page) => sectionPaths.has(page.path))
      .map((page) => link(textIn(page.title, en), absoluteUrl(twinPath(page.path), base), textIn(page.description, en))),
    '',
    ...TRANSLATIONS.flatMap((locale) => [
      translationHeading(locale),
      '',
      ...pageResources
        .filter((resource) => sectionPaths.has(resource.path))
        .map((resource) => {
          const language = resource.languages!.find((item) => item.locale === locale)!;
          return link(textIn(resource.title, locale), absoluteUrl(language.twin, base), textIn(resource.summary, locale));
        }),
      '',
    ]),
    '## Optional',
    '',
    ...pages
      .filter((page) => !sectionPaths.has(page.path))
      .map((page) => link(textIn(page.title, en), absoluteUrl(twinPath(page.path), base), textIn(page.description, en))),
    '',
  ];
  return lines.join('\n');
}
