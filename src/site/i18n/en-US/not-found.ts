/** Interface strings in English: the not-found page (its title and description live in src/site/pages.ts). */
export const NOT_FOUND = {
  eyebrow: 'Error 404',
  lede: 'There is no page at this address. It may have moved, or the link may have a typo.',
  sectionsHeading: 'Where to go instead',
};
