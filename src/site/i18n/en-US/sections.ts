/** Interface strings in English: the section index pages (portfolio, categories, capabilities, stacks, projects, operations). */

/** A count with its noun, singular for one. */
const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

export const SECTIONS = {
  /** Counts on the cards of the category and stack indexes. */
  caseCount: (n: number) => count(n, 'case', 'cases'),
  projectCount: (n: number) => count(n, 'project', 'projects'),
  stackCount: (n: number) => count(n, 'stack', 'stacks'),

  portfolio: {
    eyebrow: (n: number) => count(n, 'client case', 'client cases'),
    jumpNav: 'Portfolio categories',
    /** The link from a category group to that category's page. */
    categoryDossier: (category: string) => `The ${category} dossier`,
    twinLabel: 'JSON for the whole portfolio',
    twinNote: 'Filter it by category, stack or text with query parameters.',
  },

  categories: {
    eyebrow: (n: number) => count(n, 'category', 'categories'),
    twinLabel: 'JSON for every category',
  },

  capabilities: {
    eyebrow: (capabilities: number, domains: number) =>
      `${count(capabilities, 'capability', 'capabilities')} in ${count(domains, 'domain', 'domains')}`,
    domainsNav: 'Capability domains',
    deliveryHeading: 'Ways to engage the studio',
    deliveryIntro: 'Each capability lists the delivery modes it is offered in; together they are:',
    technologies: 'Technologies',
    deliveryModes: 'Delivery modes',
    twinLabel: 'JSON for every capability',
  },

  stacks: {
    eyebrow: (n: number) => count(n, 'technology', 'technologies'),
    kindsNav: 'Stack kinds',
    twinLabel: 'JSON for the stack map',
  },

  projects: {
    eyebrow: (n: number) => count(n, 'project dossier', 'project dossiers'),
    jumpNav: 'Project categories',
    /** After the project's status: the year it started. */
    since: (year: number) => `since ${year}`,
    twinLabel: 'JSON for every project dossier',
  },

  operations: {
    eyebrow: (promises: number, gates: number) => `${count(promises, 'promise', 'promises')}, ${count(gates, 'gate', 'gates')}`,
    /** Before the command that runs the gates (`npm run verify`). */
    gatesIntro: 'Every dossier names the gates that prove it, in the order',
    /** After the command, before the list of gates. */
    gatesIntroEnd: 'runs them:',
    /** On each dossier's card, before its gates. */
    gates: (gates: string) => `Gates: ${gates}`,
    twinLabel: 'JSON for every operational dossier',
  },
};
