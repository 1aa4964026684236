/** Interface strings in English: the pages about people and working together (journeys, trust, about, profiles, links). */
export const PEOPLE = {
  journeys: {
    eyebrow: (n: number) => `${n} ${n === 1 ? 'way' : 'ways'} to work together`,
    nav: 'Journeys on this page',
    /** The eyebrow of one journey: its audience (already lowercased) and its stage. */
    audienceStage: (audience: string, stage: string) => `For ${audience} · ${stage} stage`,
    steps: 'Steps',
    links: 'Along the way',
    commercial: 'Commercial context',
    offer: 'Offer',
    pricing: 'Pricing',
    duration: 'Duration',
    twinLabel: 'JSON for every journey',
  },
  trust: {
    eyebrow: (n: number) => `${n} trust ${n === 1 ? 'signal' : 'signals'}`,
    nav: 'Trust signals by kind',
    /** Text before the link to a signal's evidence. */
    evidence: 'See for yourself:',
    /** The text of a mailto link: the address it writes to. */
    email: (address: string) => `Email ${address}`,
    twinLabel: 'JSON for every trust signal',
  },
  about: {
    basedIn: 'Based in',
    founded: 'Founded',
    email: 'Email',
    studio: 'The studio',
    specialties: 'Specialties',
    specialtiesOrder: 'Most important first.',
    founder: 'Founder',
    founderProfile: (name: string) => `${name}’s public profile`,
    channels: 'Channels',
    /** "Every public address is on the [links page]; code accounts are on the [profiles page]." */
    channelsNote: {
      start: 'Every public address is on the ',
      links: 'links page',
      middle: '; code accounts are on the ',
      profiles: 'profiles page',
      end: '.',
    },
    twinLabel: 'JSON for the studio profile',
  },
  profiles: {
    eyebrow: (n: number) => `${n} ${n === 1 ? 'account' : 'accounts'}`,
    /** Read after the handle by screen readers: whose account the link opens. */
    account: (name: string) => `${name}’s account`,
    repositories: 'Public repositories',
    noRepositories: 'No public repositories yet.',
    references: 'Start here',
    twinLabel: 'JSON for both profiles',
  },
  links: {
    eyebrow: (n: number) => `${n} public ${n === 1 ? 'link' : 'links'}`,
    twinLabel: 'JSON for every link',
  },
};
