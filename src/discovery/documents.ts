/** The documents the site publishes beside its pages, endpoints and exports. */
import { apiUrl } from '../api/spec/urls.ts';
import type { RouteId } from '../api/spec/routes.ts';
import { bilingual, type LocalizedText } from '../schemas/common.ts';

export interface DocumentRecord {
  path: string;
  title: LocalizedText;
  summary: LocalizedText;
  /** The endpoint that serves this document, when it is one (the contract). */
  route?: RouteId;
}

/** Discovery and contract documents; sitemap-index.xml is written by @astrojs/sitemap. */
export const DOCUMENTS: readonly DocumentRecord[] = [
  {
    path: '/llms.txt',
    title: bilingual('llms.txt', 'llms.txt'),
    summary: bilingual(
      'A site description for language models, following llmstxt.org.',
      'Uma descrição do site para modelos de linguagem, no formato llmstxt.org.',
    ),
  },
  {
    path: '/robots.txt',
    title: bilingual('robots.txt', 'robots.txt'),
    summary: bilingual('Crawler rules, consistent with the sitemap.', 'Regras para robôs, coerentes com o sitemap.'),
  },
  {
    path: '/sitemap-index.xml',
    title: bilingual('Sitemap', 'Sitemap'),
    summary: bilingual('The sitemap index: every indexable page.', 'O índice do sitemap: todas as páginas indexáveis.'),
  },
  {
    path: apiUrl('getContract'),
    route: 'getContract',
    title: bilingual('OpenAPI contract', 'Contrato OpenAPI'),
    summary: bilingual(
      'The OpenAPI 3.1 contract of the JSON API, in the response envelope.',
      'O contrato OpenAPI 3.1 da API JSON, no envelope de resposta.',
    ),
  },
];

/** Navigation aliases that redirect to the docs UI; neither pages nor documents. */
export const DOCS_ALIASES = ['/docs/', '/swagger-ui.html'] as const;
