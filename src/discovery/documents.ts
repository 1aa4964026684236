/** The documents the site publishes beside its pages, endpoints and exports. */
import { apiUrl, CONTRACT_DOCUMENT_PATH, OPENAPI_MEDIA_TYPE } from '../routes/urls.ts';
import type { RouteId } from '../routes/routes.ts';
import { bilingual, LOCALES, type Locale, type LocalizedText } from '../schemas/common.ts';
import { API_CATALOG_MEDIA_TYPE, API_CATALOG_PATH } from './api-catalog.ts';
import {
  AGENT_SKILLS_INDEX_PATH,
  AI_CATALOG_PATH,
  feedPaths,
  LLMS_FULL_TXT_PATH,
  LLMS_TXT_PATH,
  SITEMAP_MD_PATH,
  SKILL_MD_PATH,
  SKILL_PATH,
} from './paths.ts';
import { AI_CATALOG_MEDIA_TYPE, SERVER_CARD_MEDIA_TYPE, SERVER_CARD_PATH } from './server-card.ts';

export interface DocumentRecord {
  path: string;
  /** The media type it is served with (a Content-Type prefix). */
  mediaType: string;
  title: LocalizedText;
  summary: LocalizedText;
  /** The endpoint that serves this document, when it is one (the contract). */
  route?: RouteId;
}

/** How the document list names a language's edition of the change feeds; the default's is the feeds' own. */
const FEED_EDITIONS: Record<Locale, LocalizedText | undefined> = {
  'en-US': undefined,
  'pt-BR': bilingual('in Portuguese', 'em português'),
};

/** The change feeds of `locale`'s edition (src/discovery/feeds.ts): Atom, then JSON Feed. */
function feedDocuments(locale: Locale): DocumentRecord[] {
  const paths = feedPaths(locale);
  const edition = FEED_EDITIONS[locale];
  if (!edition) {
    return [
      {
        path: paths.atom,
        mediaType: 'application/atom+xml',
        title: bilingual('Change feed (Atom)', 'Feed de mudanças (Atom)'),
        summary: bilingual(
          'The last 200 entry-level changes (added, updated, removed) with the fields that changed, newest first, from the git history.',
          'As últimas 200 mudanças de entradas (adicionadas, atualizadas, removidas) com os campos alterados, da mais recente, a partir do histórico git.',
        ),
      },
      {
        path: paths.json,
        mediaType: 'application/json',
        title: bilingual('Change feed (JSON Feed 1.1)', 'Feed de mudanças (JSON Feed 1.1)'),
        summary: bilingual(
          'The same changes as the Atom feed, as JSON Feed 1.1: each item tagged with its action, collection and fields.',
          'As mesmas mudanças do feed Atom, em JSON Feed 1.1: cada item marcado com sua ação, coleção e campos.',
        ),
      },
    ];
  }
  const en = edition['en-US'];
  const pt = edition['pt-BR'];
  return [
    {
      path: paths.atom,
      mediaType: 'application/atom+xml',
      title: bilingual(`Change feed ${en} (Atom)`, `Feed de mudanças ${pt} (Atom)`),
      summary: bilingual(
        `The same changes as the Atom feed, ${en}: titles and summaries in ${locale}, links to the pages in that language.`,
        `As mesmas mudanças do feed Atom, ${pt}: títulos e resumos em ${locale}, com links para as páginas nesse idioma.`,
      ),
    },
    {
      path: paths.json,
      mediaType: 'application/json',
      title: bilingual(`Change feed ${en} (JSON Feed 1.1)`, `Feed de mudanças ${pt} (JSON Feed 1.1)`),
      summary: bilingual(
        `The same changes as JSON Feed 1.1, ${en}: titles and summaries in ${locale}, links to the pages in that language.`,
        `As mesmas mudanças em JSON Feed 1.1, ${pt}: títulos e resumos em ${locale}, com links para as páginas nesse idioma.`,
      ),
    },
  ];
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
    path: LLMS_FULL_TXT_PATH,
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
    path: SITEMAP_MD_PATH,
    mediaType: 'text/markdown',
    title: bilingual('sitemap.md', 'sitemap.md'),
    summary: bilingual(
      'Every page, in English and in Portuguese, with its Markdown twin, grouped like llms.txt.',
      'Todas as páginas, em inglês e em português, com seu gêmeo em Markdown, agrupadas como no llms.txt.',
    ),
  },
  {
    path: SKILL_MD_PATH,
    mediaType: 'text/markdown',
    title: bilingual('skill.md', 'skill.md'),
    summary: bilingual(
      'What an agent can do here: the API, the MCP tools, the twins and the exports, with their inputs and limits.',
      'O que um agente pode fazer aqui: a API, as ferramentas MCP, os gêmeos e as exportações, com entradas e limites.',
    ),
  },
  {
    path: AGENT_SKILLS_INDEX_PATH,
    mediaType: 'application/json',
    title: bilingual('Agent Skills index', 'Índice de Agent Skills'),
    summary: bilingual(
      'The Agent Skills discovery index (0.2.0): the skill.md as an Agent Skill, with its SHA-256 digest.',
      'O índice de descoberta de Agent Skills (0.2.0): o skill.md como Agent Skill, com seu resumo SHA-256.',
    ),
  },
  {
    path: SKILL_PATH,
    mediaType: 'text/markdown',
    title: bilingual('Agent Skill', 'Agent Skill'),
    summary: bilingual(
      'The Agent Skill itself: skill.md with its YAML frontmatter, where the index points.',
      'A própria Agent Skill: o skill.md com o frontmatter YAML, para onde o índice aponta.',
    ),
  },
  {
    path: AI_CATALOG_PATH,
    mediaType: AI_CATALOG_MEDIA_TYPE,
    title: bilingual('AI Catalog', 'AI Catalog'),
    summary: bilingual('The AI Catalog, listing the MCP server card.', 'O AI Catalog, que lista o cartão do servidor MCP.'),
  },
  {
    path: SERVER_CARD_PATH,
    mediaType: SERVER_CARD_MEDIA_TYPE,
    title: bilingual('MCP server card', 'Cartão do servidor MCP'),
    summary: bilingual(
      'Who the MCP server is and how to reach it: Streamable HTTP and its protocol versions.',
      'Quem é o servidor MCP e como alcançá-lo: Streamable HTTP e suas versões do protocolo.',
    ),
  },
  ...LOCALES.flatMap(feedDocuments),
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
    path: CONTRACT_DOCUMENT_PATH,
    mediaType: OPENAPI_MEDIA_TYPE,
    title: bilingual('OpenAPI document', 'Documento OpenAPI'),
    summary: bilingual(
      'The OpenAPI 3.1 contract as a bare document, for OpenAPI tools (code generators, validating proxies).',
      'O contrato OpenAPI 3.1 como documento puro, para ferramentas OpenAPI (geradores de código, proxies validadores).',
    ),
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
