/**
 * What each endpoint answers: one handler per route id, joined to the route specs here and only
 * here (`satisfies` proves every id has exactly one handler). Handlers may read the outputs built
 * from the specs (contract, audit, discovery); the specs never read the handlers.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { localize, type Localized } from '../catalog/localize.ts';
import { memo } from '../catalog/memo.ts';
import { ENTRY_NOUN } from '../catalog/relations.ts';
import { closestCandidates, didYouMean } from '../catalog/suggest.ts';
import { buildContract } from '../contract/build.ts';
import { buildAudit } from '../discovery/audit.ts';
import { buildDiscovery } from '../discovery/discovery-payload.ts';
import { COLLECTION_NAMES, type CollectionName, type DetailCollection, type EntryOf } from '../schemas/collections.ts';
import { DEFAULT_LOCALE, type Locale } from '../schemas/common.ts';
import { SITE_VERSION } from '../site/config.ts';
import { ApiError } from './api-error.ts';
import { listCollection, localizedEntries, matchingIndexes } from './listing.ts';
import { serializePayload } from './serialize.ts';
import { serviceState } from './service-state.ts';
import { EVERYTHING, PARAM_NAMES, type Selection } from '../routes/params.ts';
import { ROUTES, type FilterOf, type LocalizedRouteId, type PayloadOf, type RouteId, type RouteSpec } from '../routes/routes.ts';

/** What route `Id`'s handler receives: the catalog, the checked query, the locale and the path slug. */
export interface RouteContext<Id extends RouteId = RouteId> {
  catalog: Catalog;
  locale: Locale;
  /** Which entries the query selects: the text terms and the canonical value of each of the route's choice parameters. */
  selection: Selection<FilterOf<Id>>;
  /** The `:slug` of a detail endpoint. */
  slug?: string;
}

/** What route `Id` answers: its schema's output, with every localized text in one language when the route is localized. */
export type Answer<Id extends RouteId> = Id extends LocalizedRouteId ? Localized<PayloadOf<Id>> : PayloadOf<Id>;

/** Builds route `Id`'s payload, of the shape its schema outputs; throws ApiError for a missing entry. */
export type Handler<Id extends RouteId = RouteId> = (context: RouteContext<Id>) => Answer<Id>;

/** One handler per route id, each returning its own route's payload type (tsc rejects any other shape). */
export type Handlers = { [Id in RouteId]: Handler<Id> };

/**
 * Looks up a detail view, or throws a 404 naming the few closest slugs (did-you-mean) and the
 * directory that lists them all: the answer stays small however large the catalog.
 */
function detailOrNotFound<T>(context: RouteContext, collection: DetailCollection, view: (slug: string) => T | undefined): T {
  const slug = context.slug ?? '';
  const found = view(slug);
  if (found === undefined) {
    const known = (context.catalog.collections[collection] as { slug: string }[]).map((entry) => entry.slug);
    const directory = ROUTES.find((route) => route.detail === undefined && route.lists === collection);
    const seeAll = directory ? ` Closest slugs below; ${directory.path} lists them all.` : '';
    const suggestion = didYouMean(slug, known);
    const hint = suggestion === undefined ? '' : ` Did you mean "${suggestion}"?`;
    throw new ApiError('not_found', `No ${ENTRY_NOUN[collection]} has the slug "${slug.slice(0, 80)}".${hint}${seeAll}`, {
      parameter: 'slug',
      allowed: closestCandidates(slug, known),
    });
  }
  return found;
}

/** Memoized localized detail view. */
function localizedDetail<T>(context: RouteContext, collection: DetailCollection, view: (slug: string) => T | undefined) {
  const base = detailOrNotFound(context, collection, view);
  return memo(context.catalog, `detail:${collection}:${context.slug}:${context.locale}`, () => localize(base, context.locale));
}

/** The one profile entry (the profile collection holds exactly one; validation rejects any other count). */
function profileOf(catalog: Catalog, locale: Locale) {
  return localizedEntries(catalog, 'profile', locale)[0]!;
}

/** Counts how often each slug occurs across the lists, keeping first-seen order. */
function facet(lists: readonly (readonly string[])[], catalog: Catalog, collection: 'categories' | 'stacks', locale: Locale) {
  const counts = new Map<string, number>();
  for (const list of lists) for (const slug of list) counts.set(slug, (counts.get(slug) ?? 0) + 1);
  return [...counts].map(([slug, count]) => ({ slug, name: localize(catalog.ref(collection, slug).name, locale), count }));
}

export const HANDLERS = {
  getHealth: ({ catalog }) => {
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
  getContract: ({ catalog }) => buildContract(catalog),
  getContractV1: ({ catalog }) => buildContract(catalog),
  getProfile: ({ catalog, locale }) => profileOf(catalog, locale),
  listProfiles: ({ catalog, locale, selection }) =>
    listCollection(catalog, 'profiles', locale, selection, { [PARAM_NAMES.owner]: (entry, value) => entry.owner === value }),
  listLinks: ({ catalog, locale, selection }) =>
    listCollection(catalog, 'links', locale, selection, { [PARAM_NAMES.owner]: (entry, value) => entry.owner === value }),
  getCatalog: ({ catalog, locale }) => ({
    version: catalog.version,
    counts: catalog.counts,
    profile: profileOf(catalog, locale),
    // Object.fromEntries forgets which key holds which collection: the type says it back.
    ...(Object.fromEntries(
      COLLECTION_NAMES.filter((name) => name !== 'profile').map((name) => [name, localizedEntries(catalog, name, locale)]),
    ) as { [C in Exclude<CollectionName, 'profile'>]: Localized<EntryOf<C>>[] }),
  }),
  getAudit: ({ catalog }) => buildAudit(catalog, (route) => defaultPayloadJson(route, catalog)),
  listDiscovery: ({ catalog, locale, selection }) => buildDiscovery(catalog, locale, selection),
  getPortfolio: ({ catalog, locale, selection }) => {
    const indexes = matchingIndexes(catalog, 'cases', selection, {
      [PARAM_NAMES.category]: (entry, value) => entry.category === value,
      [PARAM_NAMES.stack]: (entry, value) => entry.stacks.includes(value),
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
  listCategories: ({ catalog, locale, selection }) =>
    listCollection(catalog, 'categories', locale, selection, {
      [PARAM_NAMES.capability]: (entry, value) => entry.capabilities.includes(value),
    }),
  getCategory: (context) => localizedDetail(context, 'categories', context.catalog.categoryDetail),
  listCapabilities: ({ catalog, locale, selection }) => listCollection(catalog, 'capabilities', locale, selection, {}),
  listStacks: ({ catalog, locale, selection }) =>
    listCollection(catalog, 'stacks', locale, selection, {
      [PARAM_NAMES.category]: (entry, value) =>
        catalog.collections.cases.some((item) => item.category === value && item.stacks.includes(entry.slug)),
    }),
  getStack: (context) => localizedDetail(context, 'stacks', context.catalog.stackDetail),
  listProjects: ({ catalog, locale, selection }) =>
    listCollection(catalog, 'projects', locale, selection, {
      [PARAM_NAMES.capability]: (entry, value) => entry.capabilities.includes(value),
    }),
  getProject: (context) => localizedDetail(context, 'projects', context.catalog.projectDetail),
  listOperations: ({ catalog, locale, selection }) =>
    listCollection(catalog, 'operations', locale, selection, { [PARAM_NAMES.stack]: (entry, value) => entry.stacks.includes(value) }),
  getOperation: (context) => localizedDetail(context, 'operations', context.catalog.operationDetail),
  listJourneys: ({ catalog, locale, selection }) =>
    listCollection(catalog, 'journeys', locale, selection, {
      [PARAM_NAMES.audience]: (entry, value) => entry.audience === value,
      [PARAM_NAMES.stage]: (entry, value) => entry.stage === value,
    }),
  listTrust: ({ catalog, locale, selection }) =>
    listCollection(catalog, 'trust', locale, selection, { [PARAM_NAMES.kind]: (entry, value) => entry.kind === value }),
} satisfies Handlers;

/** The default payload of a route (default locale, no filters), as served and exported. */
export function defaultPayloadJson(route: RouteSpec, catalog: Catalog): string {
  return memo(catalog, `export:${route.id}`, () =>
    serializePayload(HANDLERS[route.id]({ catalog, locale: DEFAULT_LOCALE, selection: EVERYTHING })),
  );
}
