/** Interface strings in English: the search page (its title and description live in src/site/pages.ts). */
export const SEARCH = {
  lede: 'Every page of the catalog: projects, stacks, capabilities, cases, dossiers and more.',
  formLabel: 'Catalog',
  queryLabel: 'Words or a name',
  sectionLabel: 'Section',
  allSections: 'All sections',
  /** Shown without JavaScript: the first words are strong; a comma joins the rest to them. */
  noScriptLead: 'Search needs JavaScript',
  noScriptRest: 'which is off in this browser. Every page is one or two links away from a section:',
  /** Before the link to the whole catalog as one text file (its title), which a period closes. */
  fullTextLead: 'Or search the whole catalog in one text file:',
  resultsLabel: 'Results',
  /**
   * The script's messages, which reach the browser as JSON on the page (functions cannot), so the
   * values are templates: src/components/search-client.ts fills {term}, {section} and {count}.
   */
  client: {
    prompt: 'Type a word or a name to search the catalog.',
    noResults: 'No results for “{term}”.',
    noResultsInSection: 'No results for “{term}” in {section}.',
    oneResult: '{count} result for “{term}”.',
    oneResultInSection: '{count} result for “{term}” in {section}.',
    results: '{count} results for “{term}”.',
    resultsInSection: '{count} results for “{term}” in {section}.',
    unavailable: 'Search is unavailable right now. Browse the sections in the menu instead.',
    showMore: 'Show more results',
  },
};

/** The search script's messages (templates), as the page hands them to it. */
export type SearchClientText = (typeof SEARCH)['client'];
