/**
 * The page inventory and its copy: every indexable HTML page the site publishes, computed from the
 * catalog, with each section page's bilingual title and description.
 * It drives getStaticPaths, the sitemap filter, the audit and discovery; redirects and the 404
 * page are not pages.
 */
import { apiUrl, entryApiUrl } from '../routes/urls.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { memo } from '../catalog/memo.ts';
import { pageUrl } from '../catalog/urls.ts';
import { COLLECTION_NAMES, type CollectionName } from '../schemas/collections.ts';
import { bilingual, DEFAULT_LOCALE, LOCALES, textIn, type Locale, type LocalizedText } from '../schemas/common.ts';
import { localizedPath } from '../routes/locale-paths.ts';

/** A page family: an index, a detail family, or a standalone page. */
export type PageFamily =
  | 'home'
  | 'portfolio'
  | 'case'
  | 'categories'
  | 'category'
  | 'capabilities'
  | 'stacks'
  | 'stack'
  | 'projects'
  | 'project'
  | 'operations'
  | 'operation'
  | 'journeys'
  | 'trust'
  | 'about'
  | 'profiles'
  | 'links'
  | 'workbench'
  | 'openapi';

export interface PageRecord {
  /** Site path with a trailing slash. */
  path: string;
  family: PageFamily;
  /** Heading and title of the page. */
  title: LocalizedText;
  /** Meta description (at least 50 characters). */
  description: LocalizedText;
  /** For detail pages: the collection and slug shown. */
  entry?: { collection: CollectionName; slug: string };
  /** The JSON twin of the page, when it has one. */
  api_url?: string;
}

/** The standalone and index pages, in navigation order, with their meta descriptions. */
export const SECTION_PAGES: readonly PageRecord[] = [
  {
    path: '/',
    family: 'home',
    title: bilingual('Home', 'Início'),
    api_url: apiUrl('getCatalog'),
    description: bilingual(
      'Oficina Norte builds content-driven websites, auditable public APIs and the quality gates that keep them honest.',
      'A Oficina Norte constrói sites guiados por conteúdo, APIs públicas auditáveis e os portões de qualidade que as mantêm honestas.',
    ),
  },
  {
    path: '/portfolio/',
    family: 'portfolio',
    title: bilingual('Portfolio', 'Portfólio'),
    api_url: apiUrl('getPortfolio'),
    description: bilingual(
      'Client cases by category, with the stacks used and the signals each one produced.',
      'Casos de clientes por categoria, com as stacks usadas e os sinais que cada um produziu.',
    ),
  },
  {
    path: '/categories/',
    family: 'categories',
    title: bilingual('Categories', 'Categorias'),
    api_url: apiUrl('listCategories'),
    description: bilingual(
      'The kinds of problems the studio solves, with their signals, stacks, capabilities and operations.',
      'Os tipos de problema que o estúdio resolve, com sinais, stacks, capacidades e operações.',
    ),
  },
  {
    path: '/capabilities/',
    family: 'capabilities',
    title: bilingual('Capabilities', 'Capacidades'),
    api_url: apiUrl('listCapabilities'),
    description: bilingual(
      'Capability domains, the technologies behind them and the ways a client can engage the studio.',
      'Domínios de capacidade, as tecnologias por trás deles e as formas de contratar o estúdio.',
    ),
  },
  {
    path: '/stacks/',
    family: 'stacks',
    title: bilingual('Stack map', 'Mapa de stacks'),
    api_url: apiUrl('listStacks'),
    description: bilingual(
      'The recurring technologies of the studio, linked to portfolio cases, projects and capabilities.',
      'As tecnologias recorrentes do estúdio, ligadas a casos do portfólio, projetos e capacidades.',
    ),
  },
  {
    path: '/projects/',
    family: 'projects',
    title: bilingual('Projects', 'Projetos'),
    api_url: apiUrl('listProjects'),
    description: bilingual(
      "Technical and operational dossiers of the studio's projects, with commands and surfaces.",
      'Dossiês técnicos e operacionais dos projetos do estúdio, com comandos e superfícies.',
    ),
  },
  {
    path: '/operations/',
    family: 'operations',
    title: bilingual('Operational dossiers', 'Dossiês operacionais'),
    api_url: apiUrl('listOperations'),
    description: bilingual(
      'How each promise is kept: quality gates in order, routes, stacks, projects and signals.',
      'Como cada promessa é cumprida: portões de qualidade em ordem, rotas, stacks, projetos e sinais.',
    ),
  },
  {
    path: '/journeys/',
    family: 'journeys',
    title: bilingual('Journeys', 'Jornadas'),
    api_url: apiUrl('listJourneys'),
    description: bilingual(
      'How working with the studio unfolds, step by step, with links and the commercial context.',
      'Como funciona trabalhar com o estúdio, passo a passo, com links e o contexto comercial.',
    ),
  },
  {
    path: '/trust/',
    family: 'trust',
    title: bilingual('Trust', 'Confiança'),
    api_url: apiUrl('listTrust'),
    description: bilingual(
      'How to reach the studio, what clients say, and the public policies it works under.',
      'Como falar com o estúdio, o que dizem os clientes e as políticas públicas que ele segue.',
    ),
  },
  {
    path: '/about/',
    family: 'about',
    title: bilingual('About the studio', 'Sobre o estúdio'),
    api_url: apiUrl('getProfile'),
    description: bilingual(
      'Who Oficina Norte is, where it works from, its founder, its channels and its specialties.',
      'Quem é a Oficina Norte, de onde trabalha, sua fundadora, seus canais e suas especialidades.',
    ),
  },
  {
    path: '/profiles/',
    family: 'profiles',
    title: bilingual('Profiles', 'Perfis'),
    api_url: apiUrl('listProfiles'),
    description: bilingual(
      'The brand and the personal account, with their public repositories and main references.',
      'A marca e a conta pessoal, com seus repositórios públicos e principais referências.',
    ),
  },
  {
    path: '/links/',
    family: 'links',
    title: bilingual('Links', 'Links'),
    api_url: apiUrl('listLinks'),
    description: bilingual(
      'Every public link of the brand and of the personal account, in one place.',
      'Todos os links públicos da marca e da conta pessoal, em um só lugar.',
    ),
  },
  {
    path: '/workbench/',
    family: 'workbench',
    title: bilingual('Workbench', 'Bancada'),
    api_url: apiUrl('getAudit'),
    description: bilingual(
      'A live panel that loads every endpoint, export and discovery file and checks each one in your browser.',
      'Um painel ao vivo que carrega cada endpoint, exportação e arquivo de descoberta e verifica cada um no navegador.',
    ),
  },
  {
    path: '/openapi/',
    family: 'openapi',
    title: bilingual('API reference', 'Referência da API'),
    api_url: apiUrl('getContract'),
    description: bilingual(
      'Every operation of the public JSON API with its parameters, error codes, a curl command and a real example response, generated from the OpenAPI 3.1 contract.',
      'Cada operação da API JSON pública com parâmetros, códigos de erro, um comando curl e uma resposta real de exemplo, gerada a partir do contrato OpenAPI 3.1.',
    ),
  },
];

/** Detail families: which collection each one pages through. */
export const DETAIL_FAMILIES = [
  { family: 'case', collection: 'cases' },
  { family: 'category', collection: 'categories' },
  { family: 'stack', collection: 'stacks' },
  { family: 'project', collection: 'projects' },
  { family: 'operation', collection: 'operations' },
] as const satisfies readonly { family: PageFamily; collection: CollectionName }[];

/**
 * Utility pages: published HTML that is not content, so outside the inventory, the sitemap and the
 * page count, marked noindex and left out of the search index. The audit lists them apart.
 */
export const UTILITY_PAGES = [
  {
    path: '/404/',
    title: bilingual('Page not found', 'Página não encontrada'),
    description: bilingual(
      'There is no page at this address. Every section of the Oficina Norte catalog is listed here instead.',
      'Não há página neste endereço. Todas as seções do catálogo da Oficina Norte estão listadas aqui.',
    ),
  },
  {
    path: '/search/',
    title: bilingual('Search', 'Busca'),
    description: bilingual(
      'Search every page of the Oficina Norte catalog: projects, stacks, capabilities, cases and dossiers.',
      'Busque em todas as páginas do catálogo da Oficina Norte: projetos, stacks, capacidades, casos e dossiês.',
    ),
  },
] as const satisfies readonly Omit<PageRecord, 'family'>[];
export type UtilityPage = (typeof UTILITY_PAGES)[number];

/** The folder of dist/client, and so the URL path, where the search page's index lives. */
export const SEARCH_INDEX_FOLDER = 'pagefind';

/** Pagefind's weight for a page's title (data-pagefind-weight; body text is 1, its maximum 10). */
export const TITLE_SEARCH_WEIGHT = 10;

/** An entry without a page of its own: shown at an anchor of its collection's index page. */
export interface AnchoredEntry {
  /** Page path and anchor in the entry's locale, e.g. /pt-br/capabilities/#accessibility. */
  url: string;
  name: string;
  summary: string;
  section: PageRecord;
  locale: Locale;
}

/**
 * The entries that live at an anchor of an index page (capabilities, journeys, trust, links,
 * profiles), in every locale. The search index holds each as a record of its own, so its name finds
 * it as surely as a detail page's title finds that page, and the result leads to the anchor.
 */
export function anchoredEntries(catalog: Catalog): readonly AnchoredEntry[] {
  return memo(catalog, 'anchored-entries', () =>
    LOCALES.flatMap((locale) =>
      COLLECTION_NAMES.flatMap((collection) =>
        (catalog.collections[collection] as { slug: string; summary: LocalizedText }[]).flatMap((entry) => {
          const { url, name } = catalog.ref(collection, entry.slug);
          const section = sectionOf(url.split('#')[0]!);
          return url.includes('#') && section
            ? [{ url: localizedPath(url, locale), name: textIn(name, locale), summary: textIn(entry.summary, locale), section, locale }]
            : [];
        }),
      ),
    ),
  );
}

/** The utility page at `path`. */
export function utilityPage(path: UtilityPage['path']): UtilityPage {
  return UTILITY_PAGES.find((page) => page.path === path)!;
}

/** Short names for the sections whose page title is long for a navigation bar or a result label. */
const SHORT_LABELS: Partial<Record<PageFamily, LocalizedText>> = {
  stacks: bilingual('Stacks', 'Stacks'),
  operations: bilingual('Operations', 'Operações'),
  about: bilingual('About', 'Sobre'),
};

/** The name a section goes by in navigation and search results. */
export function sectionLabel(section: PageRecord, locale: Locale = DEFAULT_LOCALE): string {
  return textIn(SHORT_LABELS[section.family] ?? section.title, locale);
}

/**
 * The section page a site path belongs to: itself for a section page, the section of its first
 * path segment for a detail page (/projects/docs-hub/ belongs to Projects); undefined elsewhere.
 */
export function sectionOf(path: string): PageRecord | undefined {
  const first = `/${path.split('/')[1] ?? ''}/`;
  return SECTION_PAGES.find((page) => page.path === path) ?? SECTION_PAGES.find((page) => page.path !== '/' && page.path === first);
}

/** Every page, section pages first, then each detail family in catalog order. */
export function pageInventory(catalog: Catalog): readonly PageRecord[] {
  return memo(catalog, 'pages', () => [
    ...SECTION_PAGES,
    ...DETAIL_FAMILIES.flatMap(({ family, collection }) =>
      (catalog.collections[collection] as { slug: string; summary: LocalizedText }[]).map((entry): PageRecord => {
        const reference = catalog.ref(collection, entry.slug);
        return {
          path: pageUrl(collection, entry.slug),
          family,
          title: reference.name,
          description: entry.summary,
          entry: { collection, slug: entry.slug },
          api_url: entryApiUrl(collection, entry.slug),
        };
      }),
    ),
  ]);
}
