/** Query parameters as the route specs declare them: names, kinds, allowed values, limits. */
import type { CollectionsSource } from '../../schemas/collections.ts';
import { DEFAULT_LOCALE, LOCALES } from '../../schemas/common.ts';

/** Longest accepted `q`, after trimming. */
export const MAX_QUERY_LENGTH = 100;
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
  /** `text` is free search; `choice` must be one of `choices`; `lang` is a locale tag. */
  kind: 'text' | 'choice' | 'lang';
  /** For `choice`: the accepted values, computed from the catalog. */
  choices?: (catalog: CollectionsSource) => readonly ParamChoice[];
  /** An example value for the docs. */
  example?: string;
}

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
