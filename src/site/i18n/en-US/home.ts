/** Interface strings in English: the home page. */
export const HOME = {
  /** The document title; the home page carries the studio's name and what it does. */
  title: (siteName: string) => `${siteName}: websites, public APIs and quality gates`,
  eyebrow: (founded: number) => `Software studio · since ${founded}`,
  journeysAction: 'How working with us unfolds',
  portfolioAction: 'See the portfolio',
  statsLabel: 'The catalog in numbers',
  statCases: 'portfolio cases',
  statProjects: 'project dossiers',
  statStacks: 'stacks in use',
  statOperations: 'operational dossiers',
  approachHeading: 'How the studio works',
  specialtiesHeading: 'Specialties',
  recentHeading: 'Recent work',
  allCases: (count: string) => `All ${count} portfolio cases`,
  journeysHeading: 'Ways to work together',
  sectionsHeading: 'Explore the catalog',
  twinLabel: 'The whole catalog as JSON',
  twinNote: 'Everything on this site is also published as data.',
};
