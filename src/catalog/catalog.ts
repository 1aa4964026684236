/**
 * The catalog: validated collections, indexed by slug, with the relation look-ups every detail
 * view needs. Pure: no HTTP, no Astro. Built once per process by `createCatalog`.
 */
import { createHash } from 'node:crypto';
import { COLLECTION_NAMES, DETAIL_COLLECTIONS, type CollectionName, type EntryOf } from '../schemas/collections.ts';
import { GATE_NAMES, sameInEveryLocale, type LocalizedText } from '../schemas/common.ts';
import type { Profile } from '../schemas/profile.ts';
import type { CaseDetail, CategoryDetail, OperationDetail, ProjectDetail, Ref, StackDetail } from '../schemas/views.ts';
import { entryApiUrl } from '../routes/urls.ts';
import { pageUrl } from './urls.ts';
import type { Collections } from '../schemas/collections.ts';

/** Any entry's display name, as localized text. */
function displayName(entry: Record<string, unknown>): LocalizedText {
  const name = entry['name'] ?? entry['title'];
  if (typeof name === 'string') return sameInEveryLocale(name);
  return name as LocalizedText;
}

export interface Catalog {
  /** Every collection's entries, in catalog order. */
  readonly collections: Collections;
  /** A hash of the validated content: changes exactly when the content changes. */
  readonly version: string;
  /** Number of entries per collection. */
  readonly counts: Record<CollectionName, number>;
  /** The studio's profile (the single entry of the profile collection). */
  readonly profile: Profile;
  /** An entry by slug, or undefined. */
  get<C extends CollectionName>(collection: C, slug: string): EntryOf<C> | undefined;
  /** A resolved reference to an entry that is known to exist. */
  ref(collection: CollectionName, slug: string): Ref;
  categoryDetail(slug: string): CategoryDetail | undefined;
  stackDetail(slug: string): StackDetail | undefined;
  projectDetail(slug: string): ProjectDetail | undefined;
  operationDetail(slug: string): OperationDetail | undefined;
  caseDetail(slug: string): CaseDetail | undefined;
}

/**
 * Builds the catalog's indexes and views over validated collections; `json` is their JSON text, which
 * a caller that read it from a snapshot passes rather than have it written again.
 */
export function createCatalog(collections: Collections, json: string = JSON.stringify(collections)): Catalog {
  const indexes = Object.fromEntries(
    COLLECTION_NAMES.map((name) => [name, new Map((collections[name] as { slug: string }[]).map((entry) => [entry.slug, entry]))]),
  ) as { [C in CollectionName]: Map<string, EntryOf<C>> };

  const get = <C extends CollectionName>(collection: C, slug: string): EntryOf<C> | undefined => indexes[collection].get(slug);

  const ref = (collection: CollectionName, slug: string): Ref => {
    const entry = indexes[collection].get(slug) as Record<string, unknown> | undefined;
    if (!entry) throw new Error(`Unresolved ${collection} slug "${slug}" (validation should have caught it)`);
    const reference: Ref = { slug, name: displayName(entry), url: pageUrl(collection, slug) };
    if ((DETAIL_COLLECTIONS as readonly string[]).includes(collection)) reference.api_url = entryApiUrl(collection, slug);
    return reference;
  };
  const refs = (collection: CollectionName, slugs: readonly string[]): Ref[] => slugs.map((slug) => ref(collection, slug));
  /**
   * For each collection and field, the slugs of the entries that name each slug in it, in catalog
   * order: made on first use, so a detail costs a lookup rather than a scan of the collection (a
   * scan per page made a 100× build's prerendering quadratic: 6 s of it).
   */
  const referrers = new Map<string, Map<string, string[]>>();
  const referrersBy = (collection: CollectionName, field: string): Map<string, string[]> => {
    const key = `${collection}.${field}`;
    let index = referrers.get(key);
    if (index) return index;
    index = new Map();
    for (const entry of collections[collection] as Record<string, unknown>[]) {
      const value = entry[field];
      for (const named of new Set(Array.isArray(value) ? value : [value])) {
        if (typeof named !== 'string') continue;
        const list = index.get(named);
        if (list) list.push(entry['slug'] as string);
        else index.set(named, [entry['slug'] as string]);
      }
    }
    referrers.set(key, index);
    return index;
  };
  /** The entries of `collection` whose `field` (a slug or a list of them) names `slug`, in catalog order. */
  const whereIncludes = <C extends CollectionName>(collection: C, slug: string, field: keyof EntryOf<C> & string): Ref[] =>
    (referrersBy(collection, field).get(slug) ?? []).map((referrer) => ref(collection, referrer));

  const counts = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, collections[name].length])) as Record<CollectionName, number>;
  const version = createHash('sha256').update(json).digest('hex').slice(0, 16);
  const profile = collections.profile[0];
  if (!profile) throw new Error('The profile collection is empty (validation should have caught it)');

  return {
    collections,
    version,
    counts,
    profile,
    get,
    ref,
    categoryDetail(slug) {
      const category = get('categories', slug);
      if (!category) return undefined;
      return {
        ...category,
        stacks: refs('stacks', category.stacks),
        capabilities: refs('capabilities', category.capabilities),
        operations: refs('operations', category.operations),
        cases: whereIncludes('cases', slug, 'category'),
        projects: whereIncludes('projects', slug, 'category'),
      };
    },
    stackDetail(slug) {
      const stack = get('stacks', slug);
      if (!stack) return undefined;
      return {
        ...stack,
        capabilities: refs('capabilities', stack.capabilities),
        projects: whereIncludes('projects', slug, 'stacks'),
        cases: whereIncludes('cases', slug, 'stacks'),
        operations: whereIncludes('operations', slug, 'stacks'),
      };
    },
    projectDetail(slug) {
      const project = get('projects', slug);
      if (!project) return undefined;
      return {
        ...project,
        category: ref('categories', project.category),
        capabilities: refs('capabilities', project.capabilities),
        stacks: refs('stacks', project.stacks),
        operations: refs('operations', project.operations),
        related: refs('projects', project.related),
        referenced_by: whereIncludes('projects', slug, 'related'),
        cases: whereIncludes('cases', slug, 'project'),
      };
    },
    operationDetail(slug) {
      const operation = get('operations', slug);
      if (!operation) return undefined;
      return {
        ...operation,
        gates: operation.gates.map((name) => ({ name, position: GATE_NAMES.indexOf(name) + 1, command: `npm run ${name}` })),
        stacks: refs('stacks', operation.stacks),
        projects: refs('projects', operation.projects),
        categories: whereIncludes('categories', slug, 'operations'),
      };
    },
    caseDetail(slug) {
      const item = get('cases', slug);
      if (!item) return undefined;
      const { project, ...rest } = item;
      return {
        ...rest,
        category: ref('categories', item.category),
        stacks: refs('stacks', item.stacks),
        ...(project ? { project: ref('projects', project) } : {}),
      };
    },
  };
}
