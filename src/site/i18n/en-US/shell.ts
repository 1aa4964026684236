/** The page shell in English: layout, header, footer, breadcrumbs and the parts every page shares. */
export const SHELL = {
  skipLink: 'Skip to content',
  updated: 'Updated',
  home: 'Home',
  mainNav: 'Main',
  breadcrumb: 'Breadcrumb',
  searchLabel: 'Search the site',
  searchPlaceholder: 'Search',
  searchButton: 'Search',
  siteSearch: 'Site',
  languageSwitch: 'Language',
  /** This language's own name, on the switch that leads to it. */
  languageName: 'English',
  asJson: (title: string) => `${title} as JSON`,
  asMarkdown: (title: string) => `${title} as Markdown`,
  feedAtom: 'Catalog changes (Atom)',
  feedJson: 'Catalog changes (JSON Feed)',
  footerSections: 'Sections',
  footerData: 'Open data',
  footerCatalogJson: 'Catalog as JSON',
  footerContract: 'OpenAPI contract',
  footerLlms: 'llms.txt for language models',
  footerSitemap: 'Sitemap',
  footerSince: (name: string, year: number, place: string) => `${name}, since ${year} · ${place}`,
  jsonTwinNote: 'The same data, as the public API serves it.',
  noneYet: 'None yet.',
  /** A field shown in English because it has no Portuguese yet (never shown on English pages). */
  untranslated: 'Not yet translated: shown in English.',
  /** A field whose translation is older than its English. */
  staleTranslation: (date: string) => `The English text changed on ${date}; this translation may be behind.`,
  missingTranslation: 'This text has no translation yet: it is shown in English.',
  englishPage: 'Read the English page',
};
