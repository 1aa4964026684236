/** The documents the site publishes beside its pages, endpoints and exports. */
import { apiUrl } from '../routes/urls.ts';
import type { RouteId } from '../routes/routes.ts';
import { bilingual, type LocalizedText } from '../schemas/common.ts';
import { API_CATALOG_MEDIA_TYPE, API_CATALOG_PATH } from './api-catalog.ts';
import { LLMS_TXT_PATH } from './paths.ts';

export interface DocumentRecord {
  path: string;
  /** The media type it is served with (a Content-Type prefix). */
  mediaType: string;
  title: LocalizedText;
  summary: LocalizedText;
  /** The endpoint that serves this document, when it is one (the contract). */
  route?: RouteId;
}

/** Discovery and contract documents; sitemap-index.xml is written by @astrojs/sitemap. */
export const DOCUMENTS: readonly DocumentRecord[] = [
  {
    path: LLMS_TXT_PATH,
    mediaType: 'text/plain',
    title: bilingual('llms.txt', 'llms.txt'),
    summary: bilingual(
      'A site description for language models, following llmstxt.org.',
      'Uma descrição do site para modelos de linguagem, no formato llmstxt.org.',
    ),
  },
  {
    path: '/llms-full.txt',
    mediaType: 'text/plain',
    title: bilingual('llms-full.txt', 'llms-full.txt'),
    summary: bilingual(
      'The whole catalog as Markdown in English, every entry with its page and JSON, for language models.',
      'O catálogo inteiro em Markdown, em inglês, cada entrada com sua página e seu JSON, para modelos de linguagem.',
    ),
  },
  {
    path: API_CATALOG_PATH,
    mediaType: API_CATALOG_MEDIA_TYPE,
    title: bilingual('API catalog', 'Catálogo de APIs'),
    summary: bilingual(
      'An RFC 9727 linkset pointing agents at the contract, the API reference and the health check.',
      'Um linkset RFC 9727 que aponta agentes para o contrato, a referência da API e a verificação de saúde.',
    ),
  },
  {
    path: '/robots.txt',
    mediaType: 'text/plain',
    title: bilingual('robots.txt', 'robots.txt'),
    summary: bilingual('Crawler rules, consistent with the sitemap.', 'Regras para robôs, coerentes com o sitemap.'),
  },
  {
    path: '/sitemap-index.xml',
    mediaType: 'application/xml',
    title: bilingual('Sitemap', 'Sitemap'),
    summary: bilingual('The sitemap index: every indexable page.', 'O índice do sitemap: todas as páginas indexáveis.'),
  },
  {
    path: apiUrl('getContract'),
    route: 'getContract',
    mediaType: 'application/json',
    title: bilingual('OpenAPI contract', 'Contrato OpenAPI'),
    summary: bilingual(
      'The OpenAPI 3.1 contract of the JSON API, in the response envelope.',
      'O contrato OpenAPI 3.1 da API JSON, no envelope de resposta.',
    ),
  },
];

/** Navigation aliases that redirect to the docs UI; neither pages nor documents. */
export const DOCS_ALIASES = ['/docs/', '/swagger-ui.html'] as const;
