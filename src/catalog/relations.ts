/** Which fields of which collection point at which other collection, by slug. */
import type { CollectionName } from '../schemas/collections.ts';

/** A relation: `from.field` holds one slug or a list of slugs of collection `to`. */
export interface Relation {
  from: CollectionName;
  field: string;
  to: CollectionName;
}

/** Every relation in the catalog; integrity checks and detail views both read this list. */
export const RELATIONS: readonly Relation[] = [
  { from: 'cases', field: 'category', to: 'categories' },
  { from: 'cases', field: 'stacks', to: 'stacks' },
  { from: 'cases', field: 'project', to: 'projects' },
  { from: 'categories', field: 'stacks', to: 'stacks' },
  { from: 'categories', field: 'capabilities', to: 'capabilities' },
  { from: 'categories', field: 'operations', to: 'operations' },
  { from: 'capabilities', field: 'technologies', to: 'stacks' },
  { from: 'stacks', field: 'capabilities', to: 'capabilities' },
  { from: 'projects', field: 'category', to: 'categories' },
  { from: 'projects', field: 'capabilities', to: 'capabilities' },
  { from: 'projects', field: 'stacks', to: 'stacks' },
  { from: 'projects', field: 'operations', to: 'operations' },
  { from: 'projects', field: 'related', to: 'projects' },
  { from: 'operations', field: 'stacks', to: 'stacks' },
  { from: 'operations', field: 'projects', to: 'projects' },
];

/** The singular noun for an entry of a collection, used in messages. */
export const ENTRY_NOUN: Record<CollectionName, string> = {
  profile: 'profile',
  profiles: 'profile',
  links: 'link',
  cases: 'portfolio case',
  categories: 'category',
  capabilities: 'capability',
  stacks: 'stack',
  projects: 'project',
  operations: 'operational dossier',
  journeys: 'journey',
  trust: 'trust signal',
};
