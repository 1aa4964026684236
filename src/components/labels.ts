/** Display labels for the catalog's enumerations, in English (the site's default locale). */
import type { JOURNEY_AUDIENCES, JOURNEY_STAGES } from '../schemas/journeys.ts';
import type { LINK_KINDS } from '../schemas/links.ts';
import type { OWNERS } from '../schemas/profiles.ts';
import type { PROJECT_STATUSES, SurfaceSchema } from '../schemas/projects.ts';
import type { STACK_KINDS } from '../schemas/stacks.ts';
import type { TRUST_KINDS } from '../schemas/trust.ts';
import type { z } from 'astro/zod';

/** What role a stack plays, singular and plural (for section headings). */
export const STACK_KIND_LABELS: Record<(typeof STACK_KINDS)[number], string> = {
  language: 'Language',
  framework: 'Framework',
  runtime: 'Runtime',
  library: 'Library',
  database: 'Database',
  tooling: 'Tooling',
  platform: 'Platform',
  standard: 'Standard',
};
export const STACK_KIND_PLURALS: Record<(typeof STACK_KINDS)[number], string> = {
  language: 'Languages',
  framework: 'Frameworks',
  runtime: 'Runtimes',
  library: 'Libraries',
  database: 'Databases',
  tooling: 'Tooling',
  platform: 'Platforms',
  standard: 'Standards',
};

/** Where a project is in its life. */
export const PROJECT_STATUS_LABELS: Record<(typeof PROJECT_STATUSES)[number], string> = {
  active: 'Active',
  maintained: 'Maintained',
  archived: 'Archived',
};

/** The medium of a project surface. */
export const SURFACE_KIND_LABELS: Record<z.output<typeof SurfaceSchema>['kind'], string> = {
  website: 'Website',
  api: 'API',
  export: 'Export',
  documentation: 'Docs',
  cli: 'CLI',
  package: 'Package',
  feed: 'Feed',
};

/** Journey audiences and stages. */
export const AUDIENCE_LABELS: Record<(typeof JOURNEY_AUDIENCES)[number], string> = {
  founders: 'Founders',
  'product-teams': 'Product teams',
  agencies: 'Agencies',
  developers: 'Developers',
};
export const STAGE_LABELS: Record<(typeof JOURNEY_STAGES)[number], string> = {
  discover: 'Discover',
  evaluate: 'Evaluate',
  engage: 'Engage',
  operate: 'Operate',
};

/** Trust families, as section headings. */
export const TRUST_KIND_LABELS: Record<(typeof TRUST_KINDS)[number], string> = {
  contact: 'Contact',
  'social-proof': 'Social proof',
  policy: 'Public policies',
};

/** Link owners and kinds. */
export const OWNER_LABELS: Record<(typeof OWNERS)[number], string> = {
  brand: 'The studio',
  personal: 'The founder',
};
export const LINK_KIND_LABELS: Record<(typeof LINK_KINDS)[number], string> = {
  website: 'Website',
  code: 'Code',
  social: 'Social',
  contact: 'Contact',
  documentation: 'Documentation',
  data: 'Data',
};
