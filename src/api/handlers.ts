/**
 * What each endpoint answers: one handler per route id, joined to the route specs here and only here.
 * Handlers may read the outputs built from the specs (contract, audit, discovery), never the reverse.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { localize, type Localized } from '../catalog/localize.ts';
import { memo } from '../catalog/memo.ts';
import { ENTRY_NOUN } from '../catalog/relations.ts';
import { SearchIndex, searchableText, selectIndexes } from '../catalog/search.ts';
import { closestCandidates, didYouMean } from '../catalog/suggest.ts';
import { buildContract } from '../contract/build.ts';
import { buildAudit } from '../discovery/audit.ts';
import {
  DISCOVERY_KINDS_KEY,
  DISCOVERY_SEARCH_KEY,
  discoveryIndexes,
  discoveryItems,
  discoveryKinds,
  discoverySearchIndex,
} from '../discovery/discovery-payload.ts';
import { COLLECTION_NAMES, type CollectionName, type DetailCollection, type EntryOf } from '../schemas/collections.ts';
import { DEFAULT_LOCALE, type Locale } from '../schemas/common.ts';
import { SITE_VERSION } from '../site/config.ts';
import { ApiError } from './api-error.ts';
import { serializePayload } from './serialize.ts';
import { EVERYTHING, PARAM_NAMES, type ParamName, type Selection } from '../routes/params.ts';
import {
  ROUTES,
  type DirectoryRouteId,
  type FilterOf,
  type LocalizedRouteId,
  type PayloadOf,
  type RouteId,
  type RouteSpec,
} from '../routes/routes.ts';

/** The process answering, as /api/health reports it: the build it serves and whether it is draining. */
export interface Service {
  build: string;
  draining(): boolean;
}

/** What route `Id`'s handler receives: the catalog, the checked query, the locale, the path slug, and the process a live route reports. */
export interface RouteContext<Id extends RouteId = RouteId> {
  catalog: Catalog;
  locale: Locale;
  /** Which entries the query selects: the text terms and the canonical value of each of the route's choice parameters. */
  selection: Selection<FilterOf<Id>>;
  /** The `:slug` of a detail endpoint. */
  slug?: string;
  service?: Service | undefined;
}

/** What route `Id` answers: its schema's output, with every localized text in one language when the route is localized. */
export type Answer<Id extends RouteId> = Id extends LocalizedRouteId ? Localized<PayloadOf<Id>> : PayloadOf<Id>;

/** Builds route `Id`'s payload, of the shape its schema outputs; throws ApiError for a missing entry. */
export type Handler<Id extends RouteId = RouteId> = (context: RouteContext<Id>) => Answer<Id>;

/**
 * A detail view, localized once per slug and locale; or a 404 naming the few closest slugs
 * (did-you-mean) and the directory that lists them all: the answer stays small however large the catalog.
 */
function localizedDetail<T>(context: RouteContext, collection: DetailCollection, view: (slug: string) => T | undefined) {
  const { catalog, locale, slug = '' } = context;
  const found = view(slug);
  if (found === undefined) {
    const known = (catalog.collections[collection] as { slug: string }[]).map((entry) => entry.slug);
    const directory = ROUTES.find((route) => route.detail === undefined && route.lists === collection);
    const seeAll = directory ? ` Closest slugs below; ${directory.path} lists them all.` : '';
    const suggestion = didYouMean(slug, known);
    const hint = suggestion === undefined ? '' : ` Did you mean "${suggestion}"?`;
    throw new ApiError('not_found', `No ${ENTRY_NOUN[collection]} has the slug "${slug.slice(0, 80)}".${hint}${seeAll}`, {
      parameter: 'slug',
      allowed: closestCandidates(slug, known),
    });
  }
  return memo(catalog, `detail:${collection}:${slug}:${locale}`, () => localize(found, locale));
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

/** Whether an entry passes a filter, given the filter's canonical value. */
type EntryTest<C extends CollectionName> = (entry: EntryOf<C>, value: string, catalog: Catalog) => boolean;

/** A directory's filters: one test per choice parameter of its route, keyed by the parameter's name. */
type EntryFilters<C extends CollectionName, Filter extends ParamName> = { readonly [Name in Filter]: EntryTest<C> };

/** The memo key of a collection's search index: the payload store holds it under the same name. */
const searchIndexKey = (collection: CollectionName) => `search:${collection}`;

/** Normalized search text per entry, in catalog order (both locales, so either language finds it). */
function collectionSearchIndex(catalog: Catalog, collection: CollectionName): SearchIndex {
  return memo(catalog, searchIndexKey(collection), () =>
    SearchIndex.of((catalog.collections[collection] as unknown[]).map((entry) => searchableText(entry))),
  );
}

/** Every entry of a collection in one locale, in catalog order. */
function localizedEntries<C extends CollectionName>(catalog: Catalog, collection: C, locale: Locale): Localized<EntryOf<C>>[] {
  return memo(catalog, `entries:${collection}:${locale}`, () =>
    (catalog.collections[collection] as EntryOf<C>[]).map((entry) => localize(entry, locale)),
  );
}

/** The entries a request selects from a directory, as indexes into its whole list, and the members after `items`. */
export interface DirectorySelection {
  indexes: number[];
  rest: { count: number } & Record<string, unknown>;
}

/**
 * A directory: every route that pages its items. `list` is the whole list in one locale (the payload
 * store keeps each item serialized); `select`, which of them a request gets (prepare-payload.ts joins their bytes).
 */
export interface Directory {
  list(catalog: Catalog, locale: Locale): readonly unknown[];
  select(context: RouteContext): DirectorySelection;
  /** The per-catalog views `select` reads (search indexes, filter values) by memo key: the payload store keeps them, so a worker never builds one. */
  views(catalog: Catalog): Record<string, unknown>;
}

const counted = (indexes: number[]): DirectorySelection => ({ indexes, rest: { count: indexes.length } });

/**
 * Route `_id`'s directory over one collection's entries: those that contain every `q` term and pass
 * every given filter, one per choice parameter of the route, so a missing, extra or misspelt filter
 * does not compile.
 */
export function collectionDirectory<Id extends RouteId, C extends CollectionName>(
  _id: Id,
  collection: C,
  filters: EntryFilters<C, FilterOf<Id>>,
): Directory {
  // Object.entries forgets the keys' type: they are the filters' names.
  const tests = Object.entries(filters) as [FilterOf<Id>, EntryTest<C>][];
  return {
    list: (catalog, locale) => localizedEntries(catalog, collection, locale),
    select: ({ catalog, selection }) => {
      const entries = catalog.collections[collection] as EntryOf<C>[];
      const { terms, choices } = selection as Selection<FilterOf<Id>>;
      const active = tests.filter(([name]) => choices[name] !== undefined);
      const passes = (index: number) => active.every(([name, test]) => test(entries[index]!, choices[name]!, catalog));
      return counted(selectIndexes(entries.length, terms, () => collectionSearchIndex(catalog, collection), passes));
    },
    views: (catalog) => ({ [searchIndexKey(collection)]: collectionSearchIndex(catalog, collection) }),
  };
}

const byOwner = { [PARAM_NAMES.owner]: (entry: { owner: string }, value: string) => entry.owner === value };

/** The portfolio's cases, before their facets. */
const cases = collectionDirectory('getPortfolio', 'cases', {
  [PARAM_NAMES.category]: (entry, value) => entry.category === value,
  [PARAM_NAMES.stack]: (entry, value) => entry.stacks.includes(value),
});

const discovery: Directory = {
  list: discoveryItems,
  select: ({ catalog, selection }) => counted(discoveryIndexes(catalog, selection)),
  views: (catalog) => ({ [DISCOVERY_SEARCH_KEY]: discoverySearchIndex(catalog), [DISCOVERY_KINDS_KEY]: discoveryKinds(catalog) }),
};

const portfolio: Directory = {
  ...cases,
  select: (context) => {
    const { catalog, locale } = context;
    const { indexes } = cases.select(context);
    const raw = indexes.map((index) => catalog.collections.cases[index]!);
    const categories = raw.map((entry) => [entry.category]);
    const stacks = raw.map((entry) => entry.stacks);
    const facets = {
      categories: facet(categories, catalog, 'categories', locale),
      stacks: facet(stacks, catalog, 'stacks', locale),
      signals: raw.flatMap((entry) => localize(entry.signals, locale)),
    };
    return { indexes, rest: { count: indexes.length, facets } };
  },
};

/**
 * Every directory's selection, by route id. Which routes are directories is the route table's to
 * say (a cursor parameter, `DirectoryRouteId`): exactly those ids, so a directory added there or
 * here alone does not compile. Undefined for a route that is not one.
 */
export const DIRECTORIES: Partial<Record<RouteId, Directory>> = {
  listProfiles: collectionDirectory('listProfiles', 'profiles', byOwner),
  listLinks: collectionDirectory('listLinks', 'links', byOwner),
  listDiscovery: discovery,
  getPortfolio: portfolio,
  listCategories: collectionDirectory('listCategories', 'categories', {
    [PARAM_NAMES.capability]: (entry, value) => entry.capabilities.includes(value),
  }),
  listCapabilities: collectionDirectory('listCapabilities', 'capabilities', {}),
  listStacks: collectionDirectory('listStacks', 'stacks', {
    [PARAM_NAMES.category]: (entry, value, catalog) =>
      catalog.collections.cases.some((item) => item.category === value && item.stacks.includes(entry.slug)),
  }),
  listProjects: collectionDirectory('listProjects', 'projects', {
    [PARAM_NAMES.capability]: (entry, value) => entry.capabilities.includes(value),
  }),
  listOperations: collectionDirectory('listOperations', 'operations', {
    [PARAM_NAMES.stack]: (entry, value) => entry.stacks.includes(value),
  }),
  listJourneys: collectionDirectory('listJourneys', 'journeys', {
    [PARAM_NAMES.audience]: (entry, value) => entry.audience === value,
    [PARAM_NAMES.stage]: (entry, value) => entry.stage === value,
  }),
  listTrust: collectionDirectory('listTrust', 'trust', { [PARAM_NAMES.kind]: (entry, value) => entry.kind === value }),
} satisfies { readonly [Id in DirectoryRouteId]: Directory };

/** Each directory route's handler: the selected items of its whole list, then the other members. */
const DIRECTORY_HANDLERS = Object.fromEntries(
  Object.entries(DIRECTORIES).map(([id, directory]) => [
    id,
    (context: RouteContext) => {
      const { indexes, rest } = directory.select(context);
      const list = directory.list(context.catalog, context.locale);
      return { items: indexes.map((index) => list[index]), ...rest };
    },
  ]),
  // Object.fromEntries forgets which key holds which handler: the type says it back.
) as { [Id in DirectoryRouteId]: Handler<Id> };

/** One handler per route id, each returning its own route's payload type (`satisfies`: tsc rejects any other shape). */
export const HANDLERS = {
  ...DIRECTORY_HANDLERS,
  // `astro dev` and the in-process tests serve the source, never draining; the server passes its own.
  getHealth: ({ catalog, service = { build: 'source', draining: () => false } }) => {
    if (service.draining()) {
      throw new ApiError(
        'unavailable',
        'This server is shutting down and finishing its requests: retry, and a new connection reaches another one.',
      );
    }
    return {
      status: 'ok',
      version: SITE_VERSION,
      build: service.build,
      uptime_seconds: Math.floor(process.uptime()),
      catalog: { version: catalog.version, entries: COLLECTION_NAMES.reduce((sum, name) => sum + catalog.counts[name], 0) },
    };
  },
  getContract: ({ catalog }) => buildContract(catalog),
  getContractV1: ({ catalog }) => buildContract(catalog),
  getProfile: ({ catalog, locale }) => profileOf(catalog, locale),
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
  getCategory: (context) => localizedDetail(context, 'categories', context.catalog.categoryDetail),
  getStack: (context) => localizedDetail(context, 'stacks', context.catalog.stackDetail),
  getProject: (context) => localizedDetail(context, 'projects', context.catalog.projectDetail),
  getOperation: (context) => localizedDetail(context, 'operations', context.catalog.operationDetail),
} satisfies { [Id in RouteId]: Handler<Id> };

/** The default payload of a route (default locale, no filters), as served and exported. */
export function defaultPayloadJson(route: RouteSpec, catalog: Catalog): string {
  return memo(catalog, `export:${route.id}`, () =>
    serializePayload(HANDLERS[route.id]({ catalog, locale: DEFAULT_LOCALE, selection: EVERYTHING })),
  );
}
