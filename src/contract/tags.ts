/** What each contract tag groups, for the contract's `tags` and the API reference's sections. */
import type { RouteSpec } from '../routes/routes.ts';

/** One line per tag of the route table; a new tag fails the type check until it is described here. */
export const TAG_DESCRIPTIONS: Record<RouteSpec['tag'], string> = {
  Meta: 'The service itself: its health and this contract.',
  Profile: 'Who the studio is: the institutional summary, the supported profiles and their public links.',
  Catalog: 'Every collection of the catalog in one payload.',
  Discovery: 'What the site publishes: an audit of counts, routes and exports, and a flat inventory of every resource.',
  Portfolio: 'Client cases, filterable by category and stack, with facets.',
  Categories: 'The kinds of problems the studio solves, each with a dossier.',
  Capabilities: 'What the studio can deliver: domains, technologies and delivery modes.',
  Stacks: 'The technologies the studio uses, each with a dossier.',
  Projects: 'Technical and operational project dossiers.',
  Operations: 'Operational dossiers: quality gates, signals and routes.',
  Journeys: 'Public journeys for each audience and stage, with commercial context.',
  Trust: 'Contact, social proof and public policies.',
};

/** The contract's license: the catalog's text and data may be reused with attribution. */
export const CONTRACT_LICENSE = { name: 'CC BY 4.0', identifier: 'CC-BY-4.0' } as const;
