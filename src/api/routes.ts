/**
 * The route table: the single description of the 21 endpoints. Endpoint files, the contract,
 * discovery, the audit, llms.txt, the workbench, matrix:check and the tests all iterate over it.
 */
import type { z } from 'astro/zod';
import type { Catalog } from '../catalog/catalog.ts';
import { localize } from '../catalog/localize.ts';
import { memo } from '../catalog/memo.ts';
import { COLLECTION_NAMES } from '../schemas/collections.ts';
import type { Locale } from '../schemas/common.ts';
import { JOURNEY_AUDIENCES, JOURNEY_STAGES } from '../schemas/journeys.ts';
import { ProfileSchema } from '../schemas/profile.ts';
import { OWNERS } from '../schemas/profiles.ts';
import { TRUST_KINDS } from '../schemas/trust.ts';
import { CategoryDetailSchema, OperationDetailSchema, ProjectDetailSchema, StackDetailSchema } from '../schemas/views.ts';
import * as payloads from '../schemas/api.ts';
import { buildAudit } from '../discovery/audit.ts';
import { buildDiscovery } from '../discovery/inventory.ts';
import { buildContract } from '../contract/build.ts';
import { ApiError } from './api-error.ts';
import { ENTRY_NOUN } from '../catalog/relations.ts';
import { listCollection, localizedEntries, matchingIndexes } from './listing.ts';
import { LANG_PARAM, textParam, type ParamChoice, type ParamSpec } from './params.ts';
import type { DetailCollection } from '../catalog/urls.ts';
import { SITE_VERSION } from '../site.ts';
import { serviceState } from './service-state.ts';

/** What a handler receives: the catalog, the checked query, the locale and the path slug. */
export interface RouteContext {
  catalog: Catalog;
  locale: Locale;
  /** Canonical parameter values (choices resolved, q trimmed; empty q left out). */
  values: Record<string, string>;
  /** The `:slug` of a detail endpoint. */
  slug?: string;
  /** The whole table, for endpoints that describe the API itself. */
  routes: readonly ApiRoute[];
}

export interface ApiRoute {
  /** The contract's operationId. */
  id: string;
  /** OpenAPI-style path, `{slug}` for the path parameter. */
  path: string;
  /** Contract tag. */
  tag:
    | 'Meta'
    | 'Profile'
    | 'Catalog'
    | 'Discovery'
    | 'Portfolio'
    | 'Categories'
    | 'Capabilities'
    | 'Stacks'
    | 'Projects'
    | 'Operations'
    | 'Journeys'
    | 'Trust';
  summary: string;
  description: string;
  /** Query parameters, in documentation order. */
  params: readonly ParamSpec[];
  /** For detail endpoints: the collection the slug belongs to. */
  detail?: DetailCollection;
  /** The payload's schema. */
  payload: z.ZodType;
  /** True when the payload holds localized text (sends Content-Language, accepts lang). */
  localized: boolean;
  /** The static export that mirrors the default payload, under /data/. */
  exportFile?: string;
  /** True when the payload describes the serving process, not the catalog: built on every request, never memoized. */
  live?: boolean;
  /** Builds the payload; throws ApiError for a missing entry. */
  handler: (context: RouteContext) => unknown;
}

const choices = (values: readonly string[]): ParamChoice[] => values.map((value) => ({ value }));

/** A category slug, case-insensitive. */
const categoryChoices = (catalog: Catalog): ParamChoice[] => catalog.collections.categories.map((entry) => ({ value: entry.slug }));
/** A stack slug or name, case- and accent-insensitive. */
const stackChoices = (catalog: Catalog): ParamChoice[] =>
  catalog.collections.stacks.map((entry) => ({ value: entry.slug, aliases: [entry.name] }));
/** A capability slug or name in either locale. */
const capabilityChoices = (catalog: Catalog): ParamChoice[] =>
  catalog.collections.capabilities.map((entry) => ({ value: entry.slug, aliases: Object.values(entry.name) }));

const categoryParam = (meaning: string): ParamSpec => ({
  name: 'category',
  kind: 'choice',
  choices: categoryChoices,
  description: `${meaning} Value: a category slug, case-insensitive.`,
  example: 'public-apis',
});
const stackParam = (meaning: string): ParamSpec => ({
  name: 'stack',
  kind: 'choice',
  choices: stackChoices,
  description: `${meaning} Value: a stack slug or name, case- and accent-insensitive (TypeScript, typescript).`,
  example: 'typescript',
});
const capabilityParam = (meaning: string): ParamSpec => ({
  name: 'capability',
  kind: 'choice',
  choices: capabilityChoices,
  description: `${meaning} Value: a capability slug or name in either locale, case- and accent-insensitive.`,
  example: 'api-design',
});
const enumParam = (name: string, values: readonly string[], meaning: string): ParamSpec => ({
  name,
  kind: 'choice',
  choices: () => choices(values),
  description: meaning,
});

/** Looks up a detail view, or throws a 404 naming the known slugs. */
function detailOrNotFound<T>(context: RouteContext, collection: DetailCollection, view: (slug: string) => T | undefined): T {
  const slug = context.slug ?? '';
  const found = view(slug);
  if (found === undefined) {
    const known = (context.catalog.collections[collection] as { slug: string }[]).map((entry) => entry.slug);
    throw new ApiError('not_found', `No ${ENTRY_NOUN[collection]} has the slug "${slug.slice(0, 80)}".`, {
      parameter: 'slug',
      allowed: known,
    });
  }
  return found;
}

/** Memoized localized detail view. */
function localizedDetail<T>(context: RouteContext, collection: DetailCollection, view: (slug: string) => T | undefined) {
  const base = detailOrNotFound(context, collection, view);
  return memo(context.catalog, `detail:${collection}:${context.slug}:${context.locale}`, () => localize(base, context.locale));
}

/** Counts how often each slug occurs across the lists, keeping first-seen order. */
function facet(lists: readonly (readonly string[])[], catalog: Catalog, collection: 'categories' | 'stacks', locale: Locale) {
  const counts = new Map<string, number>();
  for (const list of lists) for (const slug of list) counts.set(slug, (counts.get(slug) ?? 0) + 1);
  return [...counts].map(([slug, count]) => ({ slug, name: localize(catalog.ref(collection, slug).name, locale), count }));
}

export const ROUTES: readonly ApiRoute[] = [
  {
    id: 'getHealth',
    path: '/api/health',
    tag: 'Meta',
    summary: 'Operational status',
    description:
      'Says the service is up, which release and build it runs, for how long, and which catalog version it serves; answers 503 (unavailable) while the process is draining, so a load balancer takes it out of rotation. Carries no paths and no environment.',
    params: [],
    payload: payloads.HealthPayloadSchema,
    localized: false,
    live: true,
    handler: ({ catalog }) => {
      if (serviceState.draining) {
        throw new ApiError(
          'unavailable',
          'This server is shutting down and finishing its requests: retry, and a new connection reaches another one.',
        );
      }
      return {
        status: 'ok',
        version: SITE_VERSION,
        build: serviceState.build,
        uptime_seconds: Math.floor(process.uptime()),
        catalog: { version: catalog.version, entries: COLLECTION_NAMES.reduce((sum, name) => sum + catalog.counts[name], 0) },
      };
    },
  },
  {
    id: 'getContract',
    path: '/api/openapi.json',
    tag: 'Meta',
    summary: 'OpenAPI 3.1 contract',
    description:
      'The machine-readable contract of every endpoint, parameter and payload, generated from the route table and the catalog schemas.',
    params: [],
    payload: payloads.ContractPayloadSchema,
    localized: false,
    handler: ({ catalog, routes }) => buildContract(routes, catalog),
  },
  {
    id: 'getContractV1',
    path: '/api/v1/openapi.json',
    tag: 'Meta',
    summary: 'OpenAPI 3.1 contract (versioned alias)',
    description: 'The same contract as /api/openapi.json, at a versioned path for clients that pin the major version.',
    params: [],
    payload: payloads.ContractPayloadSchema,
    localized: false,
    handler: ({ catalog, routes }) => buildContract(routes, catalog),
  },
  {
    id: 'getProfile',
    path: '/api/profile',
    tag: 'Profile',
    summary: 'Institutional summary',
    description: 'The studio: headline, summary, location, founder, channels and specialties.',
    params: [LANG_PARAM],
    payload: ProfileSchema,
    localized: true,
    handler: ({ catalog, locale }) => localizedEntries(catalog, 'profile', locale)[0],
  },
  {
    id: 'listProfiles',
    path: '/api/profiles',
    tag: 'Profile',
    summary: 'Profile directory',
    description: 'The supported profiles, the brand and the personal account, with public repositories and main references.',
    params: [enumParam('owner', OWNERS, 'Only the brand or only the personal profile.'), textParam('profiles'), LANG_PARAM],
    payload: payloads.ProfilesPayloadSchema,
    localized: true,
    handler: ({ catalog, locale, values }) =>
      listCollection(catalog, 'profiles', locale, values, { owner: (entry, value) => entry.owner === value }),
  },
  {
    id: 'listLinks',
    path: '/api/links',
    tag: 'Profile',
    summary: 'Public links catalog',
    description: 'Public links of the brand and of the personal account.',
    params: [enumParam('owner', OWNERS, "Only the brand's or only the personal account's links."), textParam('links'), LANG_PARAM],
    payload: payloads.LinksPayloadSchema,
    localized: true,
    handler: ({ catalog, locale, values }) =>
      listCollection(catalog, 'links', locale, values, { owner: (entry, value) => entry.owner === value }),
  },
  {
    id: 'getCatalog',
    path: '/api/catalog',
    tag: 'Catalog',
    summary: 'Shared catalog',
    description: 'Every collection of the shared catalog in one payload, with its version and counts.',
    params: [LANG_PARAM],
    payload: payloads.CatalogPayloadSchema,
    localized: true,
    exportFile: 'site-catalog.json',
    handler: ({ catalog, locale }) => ({
      version: catalog.version,
      counts: catalog.counts,
      profile: localizedEntries(catalog, 'profile', locale)[0],
      ...Object.fromEntries(
        COLLECTION_NAMES.filter((name) => name !== 'profile').map((name) => [name, localizedEntries(catalog, name, locale)]),
      ),
    }),
  },
  {
    id: 'getAudit',
    path: '/api/audit',
    tag: 'Discovery',
    summary: 'Counts, routes, surfaces and exports',
    description:
      'An audit snapshot computed from the route table, the page inventory and the catalog: counts, every route with its kind, the five surfaces, and each export with its size and SHA-256 (the audit export itself excluded: it cannot hash itself).',
    params: [],
    payload: payloads.AuditPayloadSchema,
    localized: false,
    exportFile: 'site-audit.json',
    handler: ({ catalog, routes }) => buildAudit(routes, catalog),
  },
  {
    id: 'listDiscovery',
    path: '/api/discovery',
    tag: 'Discovery',
    summary: 'Flat inventory of public resources',
    description: 'One item per page, endpoint, export, document and catalog entity, each with a URL that answers 200.',
    params: [
      enumParam('kind', payloads.DISCOVERY_KINDS, 'Restrict the inventory to one kind of resource.'),
      textParam('titles, summaries, URLs and tags'),
      LANG_PARAM,
    ],
    payload: payloads.DiscoveryPayloadSchema,
    localized: true,
    exportFile: 'site-discovery.json',
    handler: ({ catalog, routes, locale, values }) => buildDiscovery(routes, catalog, locale, values),
  },
  {
    id: 'getPortfolio',
    path: '/api/portfolio',
    tag: 'Portfolio',
    summary: 'Filterable portfolio snapshot',
    description: 'Portfolio cases with facets: the categories, stacks and signals of the returned cases.',
    params: [
      categoryParam('Only cases of this category.'),
      stackParam('Only cases built with this stack.'),
      textParam('case titles, clients, challenges, outcomes and signals'),
      LANG_PARAM,
    ],
    payload: payloads.PortfolioPayloadSchema,
    localized: true,
    exportFile: 'site-portfolio.json',
    handler: ({ catalog, locale, values }) => {
      const indexes = matchingIndexes(catalog, 'cases', values, {
        category: (entry, value) => entry.category === value,
        stack: (entry, value) => entry.stacks.includes(value),
      });
      const raw = indexes.map((index) => catalog.collections.cases[index]!);
      const localized = localizedEntries(catalog, 'cases', locale);
      const items = indexes.map((index) => localized[index]!);
      return {
        items,
        count: items.length,
        facets: {
          categories: facet(
            raw.map((entry) => [entry.category]),
            catalog,
            'categories',
            locale,
          ),
          stacks: facet(
            raw.map((entry) => entry.stacks),
            catalog,
            'stacks',
            locale,
          ),
          signals: items.flatMap((entry) => entry.signals),
        },
      };
    },
  },
  {
    id: 'listCategories',
    path: '/api/categories',
    tag: 'Categories',
    summary: 'Category directory',
    description: 'Categories with their signals, stacks, capabilities and related operations.',
    params: [
      capabilityParam('Only categories that draw on this capability.'),
      textParam('category names, summaries and signals'),
      LANG_PARAM,
    ],
    payload: payloads.CategoriesPayloadSchema,
    localized: true,
    exportFile: 'site-categories.json',
    handler: ({ catalog, locale, values }) =>
      listCollection(catalog, 'categories', locale, values, { capability: (entry, value) => entry.capabilities.includes(value) }),
  },
  {
    id: 'getCategory',
    path: '/api/categories/{slug}',
    tag: 'Categories',
    summary: 'Category dossier',
    description: 'One category with its relations resolved, plus its portfolio cases and projects.',
    params: [LANG_PARAM],
    detail: 'categories',
    payload: CategoryDetailSchema,
    localized: true,
    handler: (context) => localizedDetail(context, 'categories', context.catalog.categoryDetail),
  },
  {
    id: 'listCapabilities',
    path: '/api/capabilities',
    tag: 'Capabilities',
    summary: 'Capability directory',
    description: 'Capability domains, the technologies they use and their delivery modes.',
    params: [textParam('capability names, domains and delivery modes'), LANG_PARAM],
    payload: payloads.CapabilitiesPayloadSchema,
    localized: true,
    exportFile: 'site-capabilities.json',
    handler: ({ catalog, locale, values }) => listCollection(catalog, 'capabilities', locale, values),
  },
  {
    id: 'listStacks',
    path: '/api/stacks',
    tag: 'Stacks',
    summary: 'Stack map',
    description: 'Recurring technologies, linked to portfolio cases and capabilities.',
    params: [
      categoryParam('Only stacks used by portfolio cases of this category.'),
      textParam('stack names, kinds and summaries'),
      LANG_PARAM,
    ],
    payload: payloads.StacksPayloadSchema,
    localized: true,
    exportFile: 'site-stacks.json',
    handler: ({ catalog, locale, values }) =>
      listCollection(catalog, 'stacks', locale, values, {
        category: (entry, value) => catalog.collections.cases.some((item) => item.category === value && item.stacks.includes(entry.slug)),
      }),
  },
  {
    id: 'getStack',
    path: '/api/stacks/{slug}',
    tag: 'Stacks',
    summary: 'Stack dossier',
    description: 'One stack with its useful commands, plus the projects, cases and operations that use it.',
    params: [LANG_PARAM],
    detail: 'stacks',
    payload: StackDetailSchema,
    localized: true,
    handler: (context) => localizedDetail(context, 'stacks', context.catalog.stackDetail),
  },
  {
    id: 'listProjects',
    path: '/api/projects',
    tag: 'Projects',
    summary: 'Filterable project dossier directory',
    description: 'Technical and operational project dossiers.',
    params: [
      capabilityParam('Only projects in this operational domain.'),
      textParam('project names, summaries and descriptions'),
      LANG_PARAM,
    ],
    payload: payloads.ProjectsPayloadSchema,
    localized: true,
    exportFile: 'site-projects.json',
    handler: ({ catalog, locale, values }) =>
      listCollection(catalog, 'projects', locale, values, { capability: (entry, value) => entry.capabilities.includes(value) }),
  },
  {
    id: 'getProject',
    path: '/api/projects/{slug}',
    tag: 'Projects',
    summary: 'Project dossier',
    description: 'One project with every relation resolved, its commands and its surfaces.',
    params: [LANG_PARAM],
    detail: 'projects',
    payload: ProjectDetailSchema,
    localized: true,
    handler: (context) => localizedDetail(context, 'projects', context.catalog.projectDetail),
  },
  {
    id: 'listOperations',
    path: '/api/operations',
    tag: 'Operations',
    summary: 'Operational dossier directory',
    description: 'Operational dossiers with their quality gates, signals, routes, stacks and projects.',
    params: [stackParam('Only dossiers linked to this stack.'), textParam('dossier titles, summaries, signals and gates'), LANG_PARAM],
    payload: payloads.OperationsPayloadSchema,
    localized: true,
    exportFile: 'site-operations.json',
    handler: ({ catalog, locale, values }) =>
      listCollection(catalog, 'operations', locale, values, { stack: (entry, value) => entry.stacks.includes(value) }),
  },
  {
    id: 'getOperation',
    path: '/api/operations/{slug}',
    tag: 'Operations',
    summary: 'Operational dossier',
    description:
      'One dossier: quality gates in canonical order, signals, routes, stacks, related projects and the categories relying on it.',
    params: [LANG_PARAM],
    detail: 'operations',
    payload: OperationDetailSchema,
    localized: true,
    handler: (context) => localizedDetail(context, 'operations', context.catalog.operationDetail),
  },
  {
    id: 'listJourneys',
    path: '/api/journeys',
    tag: 'Journeys',
    summary: 'Filterable public journey directory',
    description: 'Public journeys with their steps, links and commercial context.',
    params: [
      enumParam('audience', JOURNEY_AUDIENCES, 'Only journeys for this audience.'),
      enumParam('stage', JOURNEY_STAGES, 'Only journeys at this stage of the relationship.'),
      textParam('journey titles, steps and commercial context'),
      LANG_PARAM,
    ],
    payload: payloads.JourneysPayloadSchema,
    localized: true,
    handler: ({ catalog, locale, values }) =>
      listCollection(catalog, 'journeys', locale, values, {
        audience: (entry, value) => entry.audience === value,
        stage: (entry, value) => entry.stage === value,
      }),
  },
  {
    id: 'listTrust',
    path: '/api/trust',
    tag: 'Trust',
    summary: 'Trust signal directory',
    description: 'Institutional signals for contact, social proof and public policies.',
    params: [
      enumParam('kind', TRUST_KINDS, 'Only one family of trust signals.'),
      textParam('trust signal titles, summaries and details'),
      LANG_PARAM,
    ],
    payload: payloads.TrustPayloadSchema,
    localized: true,
    handler: ({ catalog, locale, values }) =>
      listCollection(catalog, 'trust', locale, values, { kind: (entry, value) => entry.kind === value }),
  },
];

/** Routes that have a static export under /data/, in table order. */
export const EXPORT_ROUTES = ROUTES.filter((route): route is ApiRoute & { exportFile: string } => route.exportFile !== undefined);
