/** Query parameters as the route specs declare them: names, kinds, allowed values, limits. */
import type { CollectionName, CollectionsSource } from '../schemas/collections.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../schemas/common.ts';

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
}

/** A query parameter as the route table declares it. */
export interface ParamSpec {
  name: string;
  /** What it does, for the contract and the docs. */
  description: string;
  /**
   * `text` is free search; `choice` must be one of `choices`; `lang` is a locale tag; `limit` a page
   * size; `cursor` an opaque page position.
   */
  kind: 'text' | 'choice' | 'lang' | 'limit' | 'cursor';
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
  requires?: { param: string; hint: string };
}

/** Which entries a request selects: what a directory, and discovery, filter with. */
export interface Selection {
  /** The `text` parameter as its folded, de-duplicated, sorted terms; none when absent or blank. */
  terms: readonly string[];
  /** Each `choice` parameter given, by name, as its canonical value. */
  choices: Readonly<Record<string, string>>;
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
export const EVERYTHING: Selection = { terms: [], choices: {} };

/** The lang parameter, shared by every localized endpoint. */
export const LANG_PARAM: ParamSpec = {
  name: 'lang',
  description: `Response language, a BCP 47 language-REGION tag, case-insensitive (pt-br is read as pt-BR). Supported: ${LOCALES.join(', ')}; default ${DEFAULT_LOCALE}.`,
  kind: 'lang',
  example: 'pt-BR',
};

/** The q parameter, with what it searches. */
export function textParam(over: string): ParamSpec {
  return {
    name: 'q',
    description: `Free-text search over ${over}. Trimmed, 1 to ${MAX_QUERY_LENGTH} characters, case- and accent-insensitive; split on whitespace, every term must match. Empty filters nothing.`,
    kind: 'text',
  };
}

/** `limit`: a page size. */
export const LIMIT_PARAM: ParamSpec = {
  name: 'limit',
  kind: 'limit',
  description: `Page size, an integer from 1 to ${MAX_LIMIT}. Without it the whole list is returned (exactly as the static export). With it, items holds at most limit items in the same order, count stays the total that match the filters, and next_cursor (null on the last page) and a Link rel="next" header lead to the next page.`,
  example: 20,
};

/** `cursor`: where the next page starts. */
export const CURSOR_PARAM: ParamSpec = {
  name: 'cursor',
  kind: 'cursor',
  description:
    "Opaque position of the next page, from the previous page's next_cursor or its Link header. Needs limit, and is valid only with the same endpoint and filters (q included) that produced it.",
  requires: { param: LIMIT_PARAM.name, hint: 'send the same limit with every page' },
};

/** `limit` and `cursor`: every directory pages its items with them. */
export const PAGE_PARAMS: readonly ParamSpec[] = [LIMIT_PARAM, CURSOR_PARAM];
