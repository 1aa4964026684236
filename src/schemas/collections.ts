/** The catalog's collections: folder name under content/, schema, and the entry type of each. */
import type { z } from 'astro/zod';
import { CapabilitySchema } from './capabilities.ts';
import { CaseSchema } from './cases.ts';
import { CategorySchema } from './categories.ts';
import { JourneySchema } from './journeys.ts';
import { LinkEntrySchema } from './links.ts';
import { OperationSchema } from './operations.ts';
import type { EntryHistory } from './history.ts';
import { ProfileSchema } from './profile.ts';
import { ProfileEntrySchema } from './profiles.ts';
import { ProjectSchema } from './projects.ts';
import { StackSchema } from './stacks.ts';
import { TrustSchema } from './trust.ts';

/** Every collection's schema, keyed by its folder under content/. Order is the catalog's order. */
export const COLLECTION_SCHEMAS = {
  profile: ProfileSchema,
  profiles: ProfileEntrySchema,
  links: LinkEntrySchema,
  cases: CaseSchema,
  categories: CategorySchema,
  capabilities: CapabilitySchema,
  stacks: StackSchema,
  projects: ProjectSchema,
  operations: OperationSchema,
  journeys: JourneySchema,
  trust: TrustSchema,
} as const;

export type CollectionName = keyof typeof COLLECTION_SCHEMAS;
export const COLLECTION_NAMES = Object.keys(COLLECTION_SCHEMAS) as CollectionName[];

/** Collections that hold exactly one entry (the studio's profile), with what that entry is. */
export const SINGLE_ENTRY_COLLECTIONS: Partial<Record<CollectionName, string>> = { profile: 'the studio' };

/** The validated entry type of each collection, with its dates (and stale translations) from git (src/catalog/history.ts). */
export type EntryOf<C extends CollectionName> = z.output<(typeof COLLECTION_SCHEMAS)[C]> & EntryHistory;

/** Every collection's validated entries. */
export type Collections = { [C in CollectionName]: EntryOf<C>[] };

/** Anything that holds the validated collections (the catalog does); route specs read allowed values from it. */
export interface CollectionsSource {
  readonly collections: Collections;
}

/** The collections whose entries have a detail page and a detail endpoint. */
export const DETAIL_COLLECTIONS = ['categories', 'stacks', 'projects', 'operations'] as const satisfies readonly CollectionName[];
export type DetailCollection = (typeof DETAIL_COLLECTIONS)[number];
