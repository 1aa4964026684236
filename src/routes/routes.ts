/**
 * The route specs: what each of the endpoints is (id, path, tag, parameters with their allowed
 * values, payload schema, export file, localized or not), as data. It imports only schemas and
 * catalog types; handlers are joined to these specs in src/api/handlers.ts. The contract, discovery,
 * the audit, llms.txt, the workbench, matrix:check and the tests all read this table.
 */
import type { z } from 'astro/zod';
import type { CollectionName, CollectionsSource, DetailCollection } from '../schemas/collections.ts';
import type { Deprecation } from '../schemas/history.ts';
import { JOURNEY_AUDIENCES, JOURNEY_STAGES } from '../schemas/journeys.ts';
import { OWNERS } from '../schemas/profiles.ts';
import { TRUST_KINDS } from '../schemas/trust.ts';
import { CategoryDetailSchema, OperationDetailSchema, ProjectDetailSchema, StackDetailSchema } from '../schemas/views.ts';
import * as payloads from '../schemas/api.ts';
import { LANG_PARAM, PAGE_PARAMS, PARAM_NAMES, textParam, type ParamChoice, type ParamName, type ParamSpec } from './params.ts';

/** What one endpoint is; `RouteSpec` narrows `id` to the ids of the table. */
interface RouteShape {
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
  /** For directory endpoints: the collection whose entries it lists (an entry's JSON twin when it has no detail). */
  lists?: CollectionName;
  /** The payload's schema. */
  payload: z.ZodType;
  /** True when the payload holds localized text (sends Content-Language, accepts lang). */
  localized: boolean;
  /** The static export that mirrors the default payload, under /data/. */
  exportFile?: string;
  /** True when the payload describes the serving process, not the catalog: built on every request, never cached. */
  live?: boolean;
  /** The bare OpenAPI document this payload holds in the envelope: answered as `Link: <…>; rel="service-desc"`. */
  serviceDesc?: string;
  /** Set when the endpoint is deprecated: it answers until the sunset, with Deprecation and Sunset headers. */
  deprecated?: Deprecation;
}

/**
 * The contract as a bare OpenAPI document, a file at the site root that any OpenAPI tool reads as it
 * is: a discovery document beside the sitemap, not an endpoint (the contract routes hold it in the envelope).
 */
export const CONTRACT_DOCUMENT_PATH = '/openapi.json';

/** True for directories: routes that page their items with `limit` and `cursor`. */
export function isPaginated(route: { params: readonly ParamSpec[] }): boolean {
  return route.params.some((param) => param.kind === 'cursor');
}

const choices = (values: readonly string[]): ParamChoice[] => values.map((value) => ({ value }));

/** A category slug, case-insensitive. */
const categoryChoices = (catalog: CollectionsSource): ParamChoice[] =>
  catalog.collections.categories.map((entry) => ({ value: entry.slug, deprecated: entry.deprecated }));
/** A stack slug or name, case- and accent-insensitive. */
const stackChoices = (catalog: CollectionsSource): ParamChoice[] =>
  catalog.collections.stacks.map((entry) => ({ value: entry.slug, aliases: [entry.name] }));
/** A capability slug or name in either locale. */
const capabilityChoices = (catalog: CollectionsSource): ParamChoice[] =>
  catalog.collections.capabilities.map((entry) => ({
    value: entry.slug,
    aliases: Object.values(entry.name).filter((name) => name !== undefined),
  }));

const categoryParam = (meaning: string): ParamSpec<typeof PARAM_NAMES.category, 'choice'> => ({
  name: PARAM_NAMES.category,
  kind: 'choice',
  entriesOf: 'categories',
  choices: categoryChoices,
  description: `${meaning} Value: a category slug, case-insensitive.`,
  example: 'public-apis',
});
const stackParam = (meaning: string): ParamSpec<typeof PARAM_NAMES.stack, 'choice'> => ({
  name: PARAM_NAMES.stack,
  kind: 'choice',
  entriesOf: 'stacks',
  choices: stackChoices,
  description: `${meaning} Value: a stack slug or name, case- and accent-insensitive (TypeScript, typescript).`,
  example: 'typescript',
});
const capabilityParam = (meaning: string): ParamSpec<typeof PARAM_NAMES.capability, 'choice'> => ({
  name: PARAM_NAMES.capability,
  kind: 'choice',
  entriesOf: 'capabilities',
  choices: capabilityChoices,
  description: `${meaning} Value: a capability slug or name in either locale, case- and accent-insensitive.`,
  example: 'api-design',
});
const enumParam = <Name extends ParamName>(name: Name, values: readonly string[], meaning: string): ParamSpec<Name, 'choice'> => ({
  name,
  kind: 'choice',
  choices: () => choices(values),
  description: `${meaning} Case-insensitive.`,
});

const ROUTE_TABLE = [
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
    serviceDesc: CONTRACT_DOCUMENT_PATH,
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
    serviceDesc: CONTRACT_DOCUMENT_PATH,
  },
  {
    id: 'getProfile',
    path: '/api/profile',
    tag: 'Profile',
    summary: 'Institutional summary',
    description: 'The studio: headline, summary, location, founder, channels and specialties.',
    params: [LANG_PARAM],
    lists: 'profile',
    payload: payloads.ProfilePayloadSchema,
    localized: true,
  },
  {
    id: 'listProfiles',
    path: '/api/profiles',
    tag: 'Profile',
    summary: 'Profile directory',
    description: 'The supported profiles, the brand and the personal account, with public repositories and main references.',
    params: [
      enumParam(PARAM_NAMES.owner, OWNERS, 'Only the brand or only the personal profile.'),
      textParam('profiles'),
      ...PAGE_PARAMS,
      LANG_PARAM,
    ],
    lists: 'profiles',
    payload: payloads.ProfilesPayloadSchema,
    localized: true,
  },
  {
    id: 'listLinks',
    path: '/api/links',
    tag: 'Profile',
    summary: 'Public links catalog',
    description: 'Public links of the brand and of the personal account.',
    params: [
      enumParam(PARAM_NAMES.owner, OWNERS, "Only the brand's or only the personal account's links."),
      textParam('links'),
      ...PAGE_PARAMS,
      LANG_PARAM,
    ],
    lists: 'links',
    payload: payloads.LinksPayloadSchema,
    localized: true,
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
  },
  {
    id: 'listDiscovery',
    path: '/api/discovery',
    tag: 'Discovery',
    summary: 'Flat inventory of public resources',
    description: 'One item per page, endpoint, export, document and catalog entity, each with a URL that answers 200.',
    params: [
      enumParam(PARAM_NAMES.kind, payloads.DISCOVERY_KINDS, 'Restrict the inventory to one kind of resource.'),
      textParam('titles, summaries, URLs and tags'),
      ...PAGE_PARAMS,
      LANG_PARAM,
    ],
    payload: payloads.DiscoveryPayloadSchema,
    localized: true,
    exportFile: 'site-discovery.json',
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
      ...PAGE_PARAMS,
      LANG_PARAM,
    ],
    lists: 'cases',
    payload: payloads.PortfolioPayloadSchema,
    localized: true,
    exportFile: 'site-portfolio.json',
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
      ...PAGE_PARAMS,
      LANG_PARAM,
    ],
    lists: 'categories',
    payload: payloads.CategoriesPayloadSchema,
    localized: true,
    exportFile: 'site-categories.json',
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
  },
  {
    id: 'listCapabilities',
    path: '/api/capabilities',
    tag: 'Capabilities',
    summary: 'Capability directory',
    description: 'Capability domains, the technologies they use and their delivery modes.',
    params: [textParam('capability names, domains and delivery modes'), ...PAGE_PARAMS, LANG_PARAM],
    lists: 'capabilities',
    payload: payloads.CapabilitiesPayloadSchema,
    localized: true,
    exportFile: 'site-capabilities.json',
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
      ...PAGE_PARAMS,
      LANG_PARAM,
    ],
    lists: 'stacks',
    payload: payloads.StacksPayloadSchema,
    localized: true,
    exportFile: 'site-stacks.json',
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
      ...PAGE_PARAMS,
      LANG_PARAM,
    ],
    lists: 'projects',
    payload: payloads.ProjectsPayloadSchema,
    localized: true,
    exportFile: 'site-projects.json',
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
  },
  {
    id: 'listOperations',
    path: '/api/operations',
    tag: 'Operations',
    summary: 'Operational dossier directory',
    description: 'Operational dossiers with their quality gates, signals, routes, stacks and projects.',
    params: [
      stackParam('Only dossiers linked to this stack.'),
      textParam('dossier titles, summaries, signals and gates'),
      ...PAGE_PARAMS,
      LANG_PARAM,
    ],
    lists: 'operations',
    payload: payloads.OperationsPayloadSchema,
    localized: true,
    exportFile: 'site-operations.json',
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
  },
  {
    id: 'listJourneys',
    path: '/api/journeys',
    tag: 'Journeys',
    summary: 'Filterable public journey directory',
    description: 'Public journeys with their steps, links and commercial context.',
    params: [
      enumParam(PARAM_NAMES.audience, JOURNEY_AUDIENCES, 'Only journeys for this audience.'),
      enumParam(PARAM_NAMES.stage, JOURNEY_STAGES, 'Only journeys at this stage of the relationship.'),
      textParam('journey titles, steps and commercial context'),
      ...PAGE_PARAMS,
      LANG_PARAM,
    ],
    lists: 'journeys',
    payload: payloads.JourneysPayloadSchema,
    localized: true,
  },
  {
    id: 'listTrust',
    path: '/api/trust',
    tag: 'Trust',
    summary: 'Trust signal directory',
    description: 'Institutional signals for contact, social proof and public policies.',
    params: [
      enumParam(PARAM_NAMES.kind, TRUST_KINDS, 'Only one family of trust signals.'),
      textParam('trust signal titles, summaries and details'),
      ...PAGE_PARAMS,
      LANG_PARAM,
    ],
    lists: 'trust',
    payload: payloads.TrustPayloadSchema,
    localized: true,
  },
] as const satisfies readonly RouteShape[];

/** The id of a route, such as `getProject`. */
export type RouteId = (typeof ROUTE_TABLE)[number]['id'];

/** The payload a route answers with, as its schema outputs it: what that route's handler must return. */
export type PayloadOf<Id extends RouteId> = z.output<Extract<(typeof ROUTE_TABLE)[number], { id: Id }>['payload']>;

/** The names of route `Id`'s choice parameters: the filters its handler must test entries with. */
export type FilterOf<Id extends RouteId> = Extract<
  Extract<(typeof ROUTE_TABLE)[number], { id: Id }>['params'][number],
  { kind: 'choice' }
>['name'];

/** Ids of the directories: the routes whose parameters hold a cursor, as `isPaginated` tells them apart at run time. */
export type DirectoryRouteId = {
  [Id in RouteId]: Extract<Extract<(typeof ROUTE_TABLE)[number], { id: Id }>['params'][number], { kind: 'cursor' }> extends never
    ? never
    : Id;
}[RouteId];

/** Ids of the routes whose payload holds localized text (answered in one language). */
export type LocalizedRouteId = Extract<(typeof ROUTE_TABLE)[number], { localized: true }>['id'];

/** One endpoint's spec. */
export type RouteSpec = RouteShape & { id: RouteId };

/** Every endpoint, in documentation order. */
export const ROUTES: readonly RouteSpec[] = ROUTE_TABLE;

/** Routes that have a static export under /data/, in table order. */
export const EXPORT_ROUTES = ROUTES.filter((route): route is RouteSpec & { exportFile: string } => route.exportFile !== undefined);

/** The spec of a route id. */
export function routeById(id: RouteId): RouteSpec {
  return ROUTES.find((route) => route.id === id)!;
}
