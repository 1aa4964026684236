/**
 * Display labels for the catalog's enumerations, by locale: `STACK_KIND_LABELS[locale][kind]`. The
 * strings live in the interface dictionary's `labels` area (src/site/i18n/<locale>/labels.ts).
 */
import { LOCALES, type Locale } from '../schemas/common.ts';
import { dictionaryFor, type Dictionary } from '../site/i18n/dictionary.ts';

type LabelArea = Dictionary['labels'];

/** One area of the labels, in every locale. */
const byLocale = <K extends keyof LabelArea>(area: K): Record<Locale, LabelArea[K]> =>
  Object.fromEntries(LOCALES.map((locale) => [locale, dictionaryFor(locale).labels[area]])) as Record<Locale, LabelArea[K]>;

/** What role a stack plays, singular and plural (for section headings). */
export const STACK_KIND_LABELS = byLocale('stackKinds');
export const STACK_KIND_PLURALS = byLocale('stackKindPlurals');

/** Where a project is in its life. */
export const PROJECT_STATUS_LABELS = byLocale('projectStatuses');

/** The medium of a project surface. */
export const SURFACE_KIND_LABELS = byLocale('surfaceKinds');

/** Journey audiences and stages. */
export const AUDIENCE_LABELS = byLocale('audiences');
export const STAGE_LABELS = byLocale('stages');

/** Trust families, as section headings. */
export const TRUST_KIND_LABELS = byLocale('trustKinds');

/** Link owners and kinds. */
export const OWNER_LABELS = byLocale('owners');
export const LINK_KIND_LABELS = byLocale('linkKinds');
