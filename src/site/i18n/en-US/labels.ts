/**
 * Interface strings in English: the catalog's enumerations, one label per value (src/components/labels.ts
 * hands them to pages by locale). Each map is checked against its schema's values, so a value added
 * there fails the type check here until it has a label.
 */
import type { JOURNEY_AUDIENCES, JOURNEY_STAGES } from '../../../schemas/journeys.ts';
import type { LINK_KINDS } from '../../../schemas/links.ts';
import type { OWNERS } from '../../../schemas/profiles.ts';
import type { PROJECT_STATUSES, SurfaceSchema } from '../../../schemas/projects.ts';
import type { STACK_KINDS } from '../../../schemas/stacks.ts';
import type { TRUST_KINDS } from '../../../schemas/trust.ts';
import type { z } from 'astro/zod';

export const LABELS = {
  /** What role a stack plays, singular and plural (for section headings). */
  stackKinds: {
    language: 'Language',
    framework: 'Framework',
    runtime: 'Runtime',
    library: 'Library',
    database: 'Database',
    tooling: 'Tooling',
    platform: 'Platform',
    standard: 'Standard',
  } satisfies Record<(typeof STACK_KINDS)[number], string>,
  stackKindPlurals: {
    language: 'Languages',
    framework: 'Frameworks',
    runtime: 'Runtimes',
    library: 'Libraries',
    database: 'Databases',
    tooling: 'Tooling',
    platform: 'Platforms',
    standard: 'Standards',
  } satisfies Record<(typeof STACK_KINDS)[number], string>,
  /** Where a project is in its life. */
  projectStatuses: {
    active: 'Active',
    maintained: 'Maintained',
    archived: 'Archived',
  } satisfies Record<(typeof PROJECT_STATUSES)[number], string>,
  /** The medium of a project surface. */
  surfaceKinds: {
    website: 'Website',
    api: 'API',
    export: 'Export',
    documentation: 'Docs',
    cli: 'CLI',
    package: 'Package',
    feed: 'Feed',
  } satisfies Record<z.output<typeof SurfaceSchema>['kind'], string>,
  /** Journey audiences and stages. */
  audiences: {
    founders: 'Founders',
    'product-teams': 'Product teams',
    agencies: 'Agencies',
    developers: 'Developers',
  } satisfies Record<(typeof JOURNEY_AUDIENCES)[number], string>,
  stages: {
    discover: 'Discover',
    evaluate: 'Evaluate',
    engage: 'Engage',
    operate: 'Operate',
  } satisfies Record<(typeof JOURNEY_STAGES)[number], string>,
  /** Trust families, as section headings. */
  trustKinds: {
    contact: 'Contact',
    'social-proof': 'Social proof',
    policy: 'Public policies',
  } satisfies Record<(typeof TRUST_KINDS)[number], string>,
  /** Link owners and kinds. */
  owners: {
    brand: 'The studio',
    personal: 'The founder',
  } satisfies Record<(typeof OWNERS)[number], string>,
  linkKinds: {
    website: 'Website',
    code: 'Code',
    social: 'Social',
    contact: 'Contact',
    documentation: 'Documentation',
    data: 'Data',
  } satisfies Record<(typeof LINK_KINDS)[number], string>,
};
