/** Query parameters as the route specs declare them: names, kinds, allowed values, limits. */
import type { CollectionName, CollectionsSource } from '../schemas/collections.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../schemas/common.ts';
import type { Deprecation } from '../schemas/history.ts';

/**
 * Every query parameter's name, as a request spells it. The specs here and in routes.ts take their
 * names from this object, and code anywhere else names a parameter through it (or through a spec):
 * renaming a parameter here renames it everywhere, and the compiler rejects a name it does not hold.
 */
export const PARAM_NAMES = {
  text: 'q',
  lang: 'lang',
  limit: 'limit',
  cursor: 'cursor',
  owner: 'owner',
  kind: 'kind',
  category: 'category',
  stack: 'stack',
  capability: 'capability',
  audience: 'audience',
  stage: 'stage',
} as const;

/** The name of a query parameter. */
export type ParamName = (typeof PARAM_NAMES)[keyof typeof PARAM_NAMES];

/**
 * `text` is free search; `choice` must be one of `choices`; `lang` is a locale tag; `limit` a page
 * size; `cursor` an opaque page position.
 */
export type ParamKind = 'text' | 'choice' | 'lang' | 'limit' | 'cursor';

/** Longest accepted `q`, after trimming. */
export const MAX_QUERY_LENGTH = 100;
/** Largest page a directory returns with `limit`. */
export const MAX_LIMIT = 500;
/** Longest accepted value of any other parameter. */
export const MAX_VALUE_LENGTH = 200;

/** One accepted value of an enumerable parameter, with the spellings that select it. */
export interface ParamChoice {
  /** The canonical value (a slug, a kind, a locale tag). */
  value: string;
  /** Other accepted spellings, such as display names in either locale. */
  aliases?: readonly string[];
  /** Set when the value is deprecated: it works until the sunset (a category's `deprecated`). */
  deprecated?: Deprecation | undefined;
}

/** A query parameter as the route table declares it; the route table keeps each one's name and kind as literal types. */
export interface ParamSpec<Name extends ParamName = ParamName, Kind extends ParamKind = ParamKind> {
  name: Name;
  /** What it does, for the contract and the docs. */
  description: string;
  kind: Kind;
  /** For `choice`: the accepted values, computed from the catalog. */
  choices?: (catalog: CollectionsSource) => readonly ParamChoice[];
  /**
   * For `choice` over catalog entries: the collection. The contract then gives examples instead of
   * an enum of every slug, so its size does not grow with the catalog; closed sets keep their enum.
   */
  entriesOf?: CollectionName;
  /** An example value for the docs, of the parameter's type. */
  example?: string | number;
  /** A combination rule: this parameter is accepted only with that one, and why (said in the 400's message). */
  requires?: { param: ParamName; hint: string };
  /** Set when the parameter is deprecated: it works until the sunset (docs/history.md#compatibility). */
  deprecated?: Deprecation;
}

/** Which entries a request selects: what a directory, and discovery, filter with; `Filter` names its route's choice parameters. */
export interface Selection<Filter extends ParamName = ParamName> {
  /** The `text` parameter as its folded, de-duplicated, sorted terms; none when absent or blank. */
  terms: readonly string[];
  /** Each `choice` parameter given, by name, as its canonical value. */
  choices: Readonly<Partial<Record<Filter, string>>>;
}

/** A query checked against its route's parameter specs, each value typed by its parameter's kind. */
export interface QueryValues extends Selection {
  /** The `lang` parameter, or the default locale. */
  locale: Locale;
  /** The `limit` parameter: a page size from 1 to MAX_LIMIT. */
  limit?: number;
  /** The `cursor` parameter, still opaque: pagination decodes it against the endpoint and filters. */
  cursor?: string;
}

/** The selection of a request without filters: every entry. */
export const EVERYTHING: Selection<never> = { terms: [], choices: {} };

/** The lang parameter, shared by every localized endpoint. */
export const LANG_PARAM: ParamSpec<typeof PARAM_NAMES.lang, 'lang'> = {
  name: PARAM_NAMES.lang,
  description: `Response language, a BCP 47 language-REGION tag, case-insensitive (pt-br is read as pt-BR). Supported: ${LOCALES.join(', ')}; default ${DEFAULT_LOCALE}.`,
  kind: 'lang',
  example: 'pt-BR',
};

/** The q parameter, with what it searches. */
export function textParam(over: string): ParamSpec<typeof PARAM_NAMES.text, 'text'> {
  return {
    name: PARAM_NAMES.text,
    description: `Free-text search over ${over}. Trimmed, 1 to ${MAX_QUERY_LENGTH} characters, case- and accent-insensitive; split on whitespace, every term must match. Empty filters nothing.`,
    kind: 'text',
  };
}

/** `limit`: a page size. */
export const LIMIT_PARAM: ParamSpec<typeof PARAM_NAMES.limit, 'limit'> = {
  name: PARAM_NAMES.limit,
  kind: 'limit',
  description: `Page size, an integer from 1 to ${MAX_LIMIT}. Without it the whole list is returned (exactly as the static export). With it, items holds at most limit items in the same order, count stays the total that match the filters, and next_cursor (null on the last page) and a Link rel="next" header lead to the next page.`,
  example: 20,
};

/** `cursor`: where the next page starts. */
export const CURSOR_PARAM: ParamSpec<typeof PARAM_NAMES.cursor, 'cursor'> = {
  name: PARAM_NAMES.cursor,
  kind: 'cursor',
  description:
    "Opaque position of the next page, from the previous page's next_cursor or its Link header. Needs limit, and is valid only with the same endpoint and filters (q included) that produced it.",
  requires: { param: LIMIT_PARAM.name, hint: 'send the same limit with every page' },
};

/** `limit` and `cursor`: every directory pages its items with them. */
export const PAGE_PARAMS = [LIMIT_PARAM, CURSOR_PARAM] as const;
