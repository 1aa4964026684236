/** Interface strings in English: the detail pages (a case, a category, a stack, a project, an operation). */
import type { PageFamily } from '../../pages.ts';

export const DETAILS = {
  /** How each family of page is named in running text, e.g. to extend a short description. */
  families: {
    home: 'home page',
    portfolio: 'portfolio',
    case: 'portfolio case',
    categories: 'category index',
    category: 'category dossier',
    capabilities: 'capabilities',
    stacks: 'stack map',
    stack: 'stack dossier',
    projects: 'project index',
    project: 'project dossier',
    operations: 'operational dossiers',
    operation: 'operational dossier',
    journeys: 'journeys',
    trust: 'trust signals',
    about: 'studio profile',
    profiles: 'profiles',
    links: 'links',
    workbench: 'workbench',
    openapi: 'API reference',
  } satisfies Record<PageFamily, string>,
  /** The sentence that extends a meta description too short to be useful. */
  describeMore: (family: string, site: string) => `A ${family} from ${site}, with its relations and JSON twin.`,
  /** The JSON twin link of a dossier. */
  dossierJson: (name: string) => `JSON for the ${name} dossier`,
  /** After a count in bold. */
  portfolioCases: (n: number): string => (n === 1 ? 'portfolio case' : 'portfolio cases'),
  /** After a count in bold. */
  projects: (n: number): string => (n === 1 ? 'project' : 'projects'),
  casesHeading: 'Portfolio cases',
  operationsHeading: 'Operational dossiers',
  stacksHeading: 'Stacks',
  noStacks: 'No stacks listed.',
  noCapabilities: 'No capabilities listed.',

  /** A portfolio case. */
  case: {
    eyebrow: (year: number) => `Portfolio case · ${year}`,
    twinLabel: 'JSON for the portfolio, this case included',
    twinNote: 'Cases are published together, with category and stack facets.',
    client: 'Client',
    year: 'Year',
    category: 'Category',
    project: 'Project dossier',
    challenge: 'The challenge',
    outcome: 'What we delivered',
    signals: 'Signals',
    stacks: 'Stacks used',
  },

  /** A category dossier. */
  category: {
    eyebrow: 'Category dossier',
    /** After a count in bold. */
    operations: (n: number): string => (n === 1 ? 'operational dossier' : 'operational dossiers'),
    signals: 'Signals of good work',
    relations: 'What it draws on',
    stacks: 'Typical stacks',
    capabilities: 'Capabilities',
    operationsHeading: 'Related operations',
    noOperations: 'No operational dossier yet.',
    noCases: 'No public case in this category yet.',
    projectsHeading: 'Projects',
    noProjects: 'No project dossier in this category yet.',
  },

  /** A stack dossier. */
  stack: {
    eyebrow: (kind: string) => `Stack · ${kind}`,
    officialSite: (name: string) => `Official ${name} website`,
    /** Before the number of projects in bold. */
    usedIn: 'Used in',
    /** Between the projects and the cases. */
    and: 'and',
    commands: 'Useful commands',
    noCommands: (name: string) => `No commands recorded for ${name} yet.`,
    projectsHeading: (name: string) => `Projects built with ${name}`,
    noProjects: (name: string) => `No project dossier uses ${name} yet.`,
    relations: 'Where it shows up',
    noOperations: 'No operational dossier involves it yet.',
    noCases: 'No public case uses it yet.',
    capabilities: 'Capabilities delivered with it',
    noCapabilities: 'No capability lists it yet.',
  },

  /** A project dossier. */
  project: {
    eyebrow: 'Project dossier',
    /** Before the year in bold. */
    started: 'Started',
    /** Before the category's link. */
    category: 'Category',
    sourceCode: (name: string) => `Source code of ${name}`,
    overview: 'Overview',
    commands: 'Commands',
    surfaces: 'Surfaces',
    surfacesIntro: (name: string) => `Where ${name} meets its users.`,
    relations: 'Relations',
    capabilities: 'Capabilities exercised',
    noOperations: 'No operational dossier governs this project yet.',
    related: 'Related projects',
    noRelated: 'No related projects.',
    referencedBy: 'Referenced by',
    noReferencedBy: 'No other project lists this one.',
    noCases: 'No public case is built on this project yet.',
  },

  /** An operational dossier. */
  operation: {
    eyebrow: 'Operational dossier',
    /** After the number of the dossier's gates in bold. */
    gatesOf: (total: number) => `of ${total} quality gates`,
    /** After a count in bold. */
    routesCovered: (n: number) => `${n === 1 ? 'route' : 'routes'} covered`,
    /** After a count in bold. */
    projectsGoverned: (n: number) => `${n === 1 ? 'project' : 'projects'} governed`,
    gates: 'Quality gates, in order',
    /** Before the verify command. */
    gatesIntro: "The numbers are each gate's place in",
    /** After the verify command. */
    gatesIntroEnd: (total: number) => `, which runs all ${total} in the same order.`,
    signals: 'Signals that the promise holds',
    routes: 'Routes covered',
    relations: 'What it involves',
    projectsHeading: 'Projects it governs',
    noProjects: 'No projects listed.',
    categories: 'Categories that rely on it',
    noCategories: 'No category relies on it yet.',
  },
};
