/**
 * The website's interface strings: one dictionary per language, assembled from its folder (one file
 * per area of the site). English gives the shape; each Portuguese file is typed by its English one,
 * so a missing string fails the type check.
 */
import type { Locale } from '../../schemas/common.ts';
import { SHELL } from './en-US/shell.ts';
import { HOME } from './en-US/home.ts';
import { NOT_FOUND } from './en-US/not-found.ts';
import { SEARCH } from './en-US/search.ts';
import { LABELS } from './en-US/labels.ts';
import { SECTIONS } from './en-US/sections.ts';
import { PEOPLE } from './en-US/people.ts';
import { DETAILS } from './en-US/details.ts';
import { TOOLS } from './en-US/tools.ts';
import { SHELL_PT } from './pt-BR/shell.ts';
import { HOME_PT } from './pt-BR/home.ts';
import { NOT_FOUND_PT } from './pt-BR/not-found.ts';
import { SEARCH_PT } from './pt-BR/search.ts';
import { LABELS_PT } from './pt-BR/labels.ts';
import { SECTIONS_PT } from './pt-BR/sections.ts';
import { PEOPLE_PT } from './pt-BR/people.ts';
import { DETAILS_PT } from './pt-BR/details.ts';
import { TOOLS_PT } from './pt-BR/tools.ts';

const EN_US = {
  shell: SHELL,
  home: HOME,
  notFound: NOT_FOUND,
  search: SEARCH,
  labels: LABELS,
  sections: SECTIONS,
  people: PEOPLE,
  details: DETAILS,
  tools: TOOLS,
};

/** Every interface string of the website, in one language. */
export type Dictionary = typeof EN_US;

const PT_BR: Dictionary = {
  shell: SHELL_PT,
  home: HOME_PT,
  notFound: NOT_FOUND_PT,
  search: SEARCH_PT,
  labels: LABELS_PT,
  sections: SECTIONS_PT,
  people: PEOPLE_PT,
  details: DETAILS_PT,
  tools: TOOLS_PT,
};

const DICTIONARIES: Record<Locale, Dictionary> = { 'en-US': EN_US, 'pt-BR': PT_BR };

/** The interface strings of `locale`. */
export const dictionaryFor = (locale: Locale): Dictionary => DICTIONARIES[locale];
