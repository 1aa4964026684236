/**
 * The error codes as the API reference explains them: what each means and how to fix the request
 * (in the page's words), and a request that really produces it (answered at build time like every
 * other example).
 */
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from '../schemas/errors.ts';
import { LANG_PARAM, MAX_QUERY_LENGTH, MAX_VALUE_LENGTH } from '../routes/params.ts';
import { ALLOWED_METHODS } from '../api/response-policy.ts';
import type { ReferenceOperation, ReferenceTag } from './model.ts';

/**
 * What each stable code means for a client, in the page's language (the site's dictionary gives
 * the words); the two that quote a limit are filled from the limits the API enforces.
 */
export type ErrorMeaningWords = Record<Exclude<ErrorCode, 'too_long' | 'method_not_allowed'>, string> & {
  too_long: (query: number, other: number) => string;
  method_not_allowed: (methods: string) => string;
};

/** Each code's meaning, as the reference shows it. */
export function errorMeanings(words: ErrorMeaningWords): Record<ErrorCode, string> {
  return {
    ...words,
    too_long: words.too_long(MAX_QUERY_LENGTH, MAX_VALUE_LENGTH),
    method_not_allowed: words.method_not_allowed(ALLOWED_METHODS),
  };
}

/** A request that produces an error code, and the operation whose contract describes the answer. */
export interface ErrorExampleRequest {
  code: ErrorCode;
  method: string;
  url: string;
  /** The operation's path template, for the contract schema the body must match. */
  path: string;
}

const withQuery = (operation: ReferenceOperation, query: string) => `${operation.exampleUrl.split('?')[0]}?${query}`;

/** One real request per code, built from the operations the contract lists; internal_error has none. */
export function errorExampleRequests(tags: readonly ReferenceTag[]): ErrorExampleRequest[] {
  const operations = tags.flatMap((tag) => tag.operations);
  const first = operations[0];
  const detail = operations.find((operation) => operation.parameters.some((parameter) => parameter.in === 'path'));
  const choice = operations
    .flatMap((operation) => operation.parameters.map((parameter) => ({ operation, parameter })))
    .find(({ parameter }) => parameter.in === 'query' && parameter.name !== LANG_PARAM.name && parameter.allowed.length > 0);
  const limited = operations
    .flatMap((operation) => operation.parameters.map((parameter) => ({ operation, parameter })))
    .find(({ parameter }) => parameter.in === 'query' && parameter.maxLength !== undefined);
  const requests: Partial<Record<ErrorCode, Omit<ErrorExampleRequest, 'code'>>> = {};
  if (detail) {
    const slug = detail.parameters.find((parameter) => parameter.in === 'path')!;
    requests.not_found = { method: 'GET', path: detail.path, url: detail.path.replace(`{${slug.name}}`, 'no-such-entry') };
  }
  if (first) {
    requests.unknown_parameter = { method: 'GET', path: first.path, url: withQuery(first, 'verbose=true') };
    requests.method_not_allowed = { method: 'POST', path: first.path, url: first.exampleUrl };
  }
  if (choice) {
    const { operation, parameter } = choice;
    requests.invalid_parameter = { method: 'GET', path: operation.path, url: withQuery(operation, `${parameter.name}=everyone`) };
    const value = encodeURIComponent(parameter.allowed[0]!);
    requests.repeated_parameter = {
      method: 'GET',
      path: operation.path,
      url: withQuery(operation, `${parameter.name}=${value}&${parameter.name}=${value}`),
    };
  }
  if (limited) {
    const { operation, parameter } = limited;
    requests.too_long = {
      method: 'GET',
      path: operation.path,
      url: withQuery(operation, `${parameter.name}=${'a'.repeat(parameter.maxLength! + 1)}`),
    };
  }
  return ERROR_CODES.flatMap((code) => (requests[code] ? [{ code, ...requests[code] }] : []));
}

/** Status and title of a code, as the envelope's `error` carries them. */
export const errorStatus = (code: ErrorCode) => ERROR_STATUS[code];
