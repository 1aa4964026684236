/** How a request's query string is checked against the parameters its route declares. */
import type { Catalog } from '../catalog/catalog.ts';
import { memo } from '../catalog/memo.ts';
import { normalizeText, queryTerms } from '../catalog/search.ts';
import { didYouMean } from '../catalog/suggest.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../schemas/common.ts';
import { ApiError } from './api-error.ts';
import { stringBytes, type Sized } from './byte-cache.ts';
import { serializePayload } from './serialize.ts';
import { MAX_LIMIT, MAX_QUERY_LENGTH, MAX_VALUE_LENGTH, type ParamName, type ParamSpec, type QueryValues } from '../routes/params.ts';

/** The checked query: its values typed by kind, the query as received, and the filters' canonical spellings. */
export interface ParsedQuery extends QueryValues {
  /** The query as received: each name mapped to its string value. */
  received: Record<string, string>;
  /**
   * The filters' canonical spellings by name, in spec order (a choice's canonical value, q's sorted
   * terms): the cache key and the cursor's binding, so equivalent queries share one entry and ETag.
   */
  filterKey: Partial<Record<ParamName, string>>;
}

/** Parses `lang` case-insensitively into a supported locale. */
export function parseLocale(value: string): Locale | undefined {
  const match = /^([a-zA-Z]{2,3})-([a-zA-Z]{2})$/.exec(value);
  if (!match) return undefined;
  const tag = `${match[1]!.toLowerCase()}-${match[2]!.toUpperCase()}`;
  return LOCALES.find((locale) => locale === tag);
}

/** Decodes one query component strictly: malformed percent-encoding is an error, not a guess. */
function decodeComponent(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** Control characters (NUL, CR, LF...) have no place in a query value; tab is ordinary whitespace. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000a-\u001f\u007f]/u;

/**
 * Every accepted spelling of a choice parameter (value and aliases, normalized) to its canonical
 * value, built once per catalog and parameter: a lookup per request, whatever the catalog's size.
 * The first entry to claim a spelling keeps it, as a scan in catalog order would.
 */
function choiceLookup(spec: ParamSpec, catalog: Catalog): Map<string, string> {
  const lookups = memo(catalog, 'choice-lookups', () => new WeakMap<ParamSpec, Map<string, string>>());
  let lookup = lookups.get(spec);
  if (!lookup) {
    lookup = new Map();
    for (const choice of spec.choices?.(catalog) ?? []) {
      for (const spelling of [choice.value, ...(choice.aliases ?? [])]) {
        const key = normalizeText(spelling);
        if (!lookup.has(key)) lookup.set(key, choice.value);
      }
    }
    lookups.set(spec, lookup);
  }
  return lookup;
}

/** The one spelling of a free-text query: its folded terms, each once, sorted. */
export function canonicalTerms(text: string): string {
  return [...new Set(queryTerms(text))].sort().join(' ');
}

/** Refuses a value over MAX_VALUE_LENGTH (any parameter but `q`, a slug) before a lookup or did-you-mean reads it. */
export function checkValueLength(name: string, value: string): void {
  if (value.length > MAX_VALUE_LENGTH) {
    throw new ApiError('too_long', `The parameter "${name}" is ${value.length} characters long; the limit is ${MAX_VALUE_LENGTH}.`, {
      parameter: name,
    });
  }
}

/** Checks a raw query string (without "?") against the parameters a route accepts. */
export function parseQuery(search: string, specs: readonly ParamSpec[], catalog: Catalog): ParsedQuery {
  // Read as plain strings: a request may send any name.
  const accepted: readonly string[] = specs.map((spec) => spec.name);
  // A plain object (JSON.stringify's fast path): only the route's own parameter names are ever set
  // on it, every other name is refused first.
  const received: Record<string, string> = {};
  const pairs: [string, string][] = [];
  for (const part of search.split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const rawName = equals === -1 ? part : part.slice(0, equals);
    const rawValue = equals === -1 ? '' : part.slice(equals + 1);
    const name = decodeComponent(rawName);
    const value = decodeComponent(rawValue);
    if (name === undefined || value === undefined) {
      const shownName = name ?? rawName.slice(0, 40);
      throw new ApiError(
        'invalid_parameter',
        `The query string has malformed percent-encoding in "${shownName}". Encode values with encodeURIComponent.`,
        accepted.includes(shownName) ? { parameter: shownName } : {},
      );
    }
    pairs.push([name, value]);
  }
  for (const [name, value] of pairs) {
    if (!accepted.includes(name)) {
      throw new ApiError(
        'unknown_parameter',
        accepted.length > 0
          ? `Unknown parameter "${name.slice(0, 40)}". This endpoint accepts: ${accepted.join(', ')}.`
          : `Unknown parameter "${name.slice(0, 40)}". This endpoint accepts no parameters.`,
        { parameter: name.slice(0, 40), allowed: accepted },
      );
    }
    if (Object.hasOwn(received, name)) {
      throw new ApiError(
        'repeated_parameter',
        `The parameter "${name}" was given more than once. Send it once; filters combine across different parameters.`,
        { parameter: name },
      );
    }
    received[name] = value;
  }

  const filterKey: Partial<Record<ParamName, string>> = {};
  const choices: Partial<Record<ParamName, string>> = {};
  const parsed: ParsedQuery = { received, filterKey, locale: DEFAULT_LOCALE, terms: [], choices };
  for (const spec of specs) {
    const value = received[spec.name];
    if (value === undefined) continue;
    if (CONTROL_CHARACTERS.test(value)) {
      throw new ApiError('invalid_parameter', `The parameter "${spec.name}" contains control characters.`, { parameter: spec.name });
    }
    if (spec.kind === 'text') {
      const trimmed = value.trim();
      if (trimmed.length > MAX_QUERY_LENGTH) {
        throw new ApiError(
          'too_long',
          `The parameter "${spec.name}" is ${trimmed.length} characters long after trimming; the limit is ${MAX_QUERY_LENGTH}.`,
          { parameter: spec.name },
        );
      }
      const canonical = canonicalTerms(trimmed);
      if (canonical !== '') {
        filterKey[spec.name] = canonical;
        parsed.terms = canonical.split(' ');
      }
      continue;
    }
    checkValueLength(spec.name, value);
    if (spec.kind === 'limit') {
      const limit = /^\d{1,4}$/.test(value) ? Number(value) : Number.NaN;
      if (!(limit >= 1 && limit <= MAX_LIMIT)) {
        throw new ApiError(
          'invalid_parameter',
          `The parameter "${spec.name}" must be an integer from 1 to ${MAX_LIMIT}; got "${value.slice(0, 40)}".`,
          { parameter: spec.name },
        );
      }
      parsed.limit = limit;
      continue;
    }
    if (spec.kind === 'cursor') {
      // Checked against the endpoint and filters by the pagination step, which knows both.
      parsed.cursor = value;
      continue;
    }
    if (spec.kind === 'lang') {
      const locale = parseLocale(value);
      if (!locale) {
        throw new ApiError(
          'invalid_parameter',
          `The parameter "${spec.name}" must be one of ${LOCALES.join(', ')} (case-insensitive); got "${value.slice(0, 40)}".`,
          { parameter: spec.name, allowed: LOCALES },
        );
      }
      parsed.locale = locale;
      continue;
    }
    const canonical = choiceLookup(spec, catalog).get(normalizeText(value.trim()));
    if (canonical === undefined) {
      const allowed = (spec.choices?.(catalog) ?? []).map((item) => item.value);
      const suggestion = didYouMean(value, allowed);
      throw new ApiError(
        'invalid_parameter',
        `The parameter "${spec.name}" has no match for "${value.slice(0, 40)}". ${suggestion === undefined ? 'Use one of the allowed values.' : `Did you mean "${suggestion}"?`}`,
        { parameter: spec.name, allowed },
      );
    }
    filterKey[spec.name] = canonical;
    choices[spec.name] = canonical;
  }
  // Combination rules, once every value is known to be valid on its own.
  for (const spec of specs) {
    if (spec.requires && Object.hasOwn(received, spec.name) && !Object.hasOwn(received, spec.requires.param)) {
      throw new ApiError('invalid_parameter', `The parameter "${spec.name}" needs "${spec.requires.param}": ${spec.requires.hint}.`, {
        parameter: spec.name,
      });
    }
  }
  return parsed;
}

/** Bytes of a parsed query's objects and arrays besides their strings, rounded up. */
const OBJECT_BYTES = 512;

/** A query as the route checked it, with the JSON of its filters and of what was received. */
export class CheckedQuery implements Sized {
  /** The canonical filters as JSON: the payload's cache key and the cursor's binding. */
  readonly filtersJson: string;
  /** The query as received, as JSON: the envelope's `query` member. */
  readonly receivedJson: string;

  constructor(readonly parsed: ParsedQuery) {
    // Shared by every request with this spelling: nothing may change it.
    for (const part of [parsed.received, parsed.filterKey, parsed.terms, parsed.choices, parsed]) Object.freeze(part);
    this.filtersJson = serializePayload(parsed.filterKey);
    this.receivedJson = serializePayload(parsed.received);
  }

  heldBytes(): number {
    // The values are held twice: in the parsed objects and in the JSON.
    return OBJECT_BYTES + 2 * (stringBytes(this.filtersJson) + stringBytes(this.receivedJson));
  }
}
