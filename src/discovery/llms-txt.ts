/** llms.txt, following https://llmstxt.org: H1, blockquote, notes, then H2 sections of links. */
import type { Catalog } from '../catalog/catalog.ts';
import type { ApiRoute } from '../api/routes.ts';
import { DEFAULT_LOCALE } from '../schemas/common.ts';
import { SITE_NAME, absoluteUrl } from '../site.ts';
import { DOCUMENTS } from './documents.ts';
import { exportPath } from './exports.ts';
import { exampleUrl } from './inventory.ts';
import { pageInventory, SECTION_PAGES } from './pages.ts';

const link = (name: string, url: string, note: string) => `- [${name}](${url}): ${note}`;

/** Builds llms.txt with absolute URLs from `base`. */
export function buildLlmsTxt(routes: readonly ApiRoute[], catalog: Catalog, base: string): string {
  const en = DEFAULT_LOCALE;
  const profile = catalog.profile;
  const pages = pageInventory(catalog);
  const sectionPaths = new Set(SECTION_PAGES.map((page) => page.path));
  const lines = [
    `# ${SITE_NAME}`,
    '',
    `> ${profile.headline[en]} ${profile.summary[en]}`,
    '',
    `- Every API response is a JSON envelope: request_id, timestamp, method, path, query and payload; errors add an RFC 9457 \`error\` with a stable \`code\`.`,
    `- The API is read-only (GET, HEAD, OPTIONS). Localized endpoints take \`lang\` (en-US or pt-BR).`,
    `- The site publishes ${pages.length} pages, ${routes.length} endpoints and ${catalog.counts.operations} operational dossiers; /api/audit computes these counts.`,
    '',
    '## API',
    '',
    ...routes.map((route) => link(route.path, absoluteUrl(exampleUrl(route, catalog), base), route.summary)),
    '',
    '## Data exports',
    '',
    ...routes
      .filter((route) => route.exportFile)
      .map((route) =>
        link(route.exportFile!, absoluteUrl(exportPath(route.exportFile!), base), `the default payload of ${route.path}, byte for byte`),
      ),
    '',
    '## Documentation',
    '',
    link('OpenAPI contract', absoluteUrl('/api/openapi.json', base), 'the OpenAPI 3.1 contract, inside the envelope payload'),
    link(
      'API reference',
      absoluteUrl('/openapi/', base),
      'every operation with its parameters, error codes, a curl command and a real example response; an interactive console on request',
    ),
    ...DOCUMENTS.filter((document) => !document.path.startsWith('/api/') && document.path !== '/llms.txt').map((document) =>
      link(document.title[en], absoluteUrl(document.path, base), document.summary[en]),
    ),
    '',
    '## Key pages',
    '',
    ...pages
      .filter((page) => sectionPaths.has(page.path))
      .map((page) => link(page.title[en], absoluteUrl(page.path, base), page.description[en])),
    '',
    '## Optional',
    '',
    ...pages
      .filter((page) => !sectionPaths.has(page.path))
      .map((page) => link(page.title[en], absoluteUrl(page.path, base), page.description[en])),
    '',
  ];
  return lines.join('\n');
}

/** robots.txt: everything is open to crawlers and agents, and the sitemap is named absolutely. */
export function buildRobotsTxt(base: string): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${absoluteUrl('/sitemap-index.xml', base)}`, ''].join('\n');
}
