/**
 * The error codes as the API reference explains them: what each means, how to fix the request,
 * and a request that really produces it (answered at build time like every other example).
 */
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from '../schemas/errors.ts';
import { LANG_PARAM, MAX_QUERY_LENGTH, MAX_VALUE_LENGTH } from '../routes/params.ts';
import { ALLOWED_METHODS } from '../api/respond.ts';
import type { ReferenceOperation, ReferenceTag } from './model.ts';

/** What each stable code means for a client. */
export const ERROR_MEANINGS: Record<ErrorCode, string> = {
  not_found:
    'No endpoint answers the path, or no entry has the slug. `allowed` lists the endpoint paths or the known slugs; pick one of them.',
  unknown_parameter:
    'The query names a parameter this endpoint does not accept. `parameter` names it and `allowed` lists the accepted ones; check the spelling.',
  invalid_parameter:
    'A value is outside its allowed values, is not a supported locale, holds control characters or malformed percent-encoding. `allowed` lists the values when there is a list; encode values with encodeURIComponent.',
  repeated_parameter: 'A parameter appears more than once. Send each parameter once; different filters combine to narrow the result.',
  too_long: `A value is too long: q may hold ${MAX_QUERY_LENGTH} characters after trimming, any other parameter ${MAX_VALUE_LENGTH}.`,
  method_not_allowed: `The API is read-only: it answers ${ALLOWED_METHODS} only. The Allow header and \`allowed\` list them.`,
  internal_error:
    'The server failed to answer. Nothing is wrong with the request; the failure was logged under the request id the envelope carries, so quote it when you report it.',
  unavailable:
    'The process answering is shutting down (only /api/health says so, with 503, so load balancers take it out of rotation). Retry: a new connection reaches another worker or replica.',
  rate_limited:
    'This client sent more requests than its quota allows in the current window. Wait the seconds Retry-After gives (the RateLimit header counts down the quota left and the seconds until it refills), then retry.',
  invalid_request:
    'The request itself is malformed before any parameter is read: a backslash, an encoded NUL or a `..` above the root in the path, a target that does not start with `/`, or two Host headers. Send the path as a URL parser writes it.',
  too_large: 'The request carries a body larger than the front proxy accepts. API requests carry no body; send none.',
  uri_too_long:
    'The request line is longer than the front proxy accepts. Shorten the query: no parameter needs more than a few hundred characters.',
  not_implemented:
    'The request uses a transfer coding the front proxy does not implement. Send requests without a body, or with Content-Length.',
  version_not_supported: 'The request names an HTTP version the server does not speak. Use HTTP/1.1 (or HTTP/1.0).',
};

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
