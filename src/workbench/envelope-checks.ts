/** Checks of an API response's envelope: complete, well-typed, echoing the request, and matching its header. */
import { fail, fromProblems, isRecord, pass, preview } from './check.ts';
import type { Check, Fetched } from './types.ts';

/** ISO 8601 UTC with milliseconds, as the envelope promises (`2025-01-31T12:00:00.000Z`). */
const ISO_WITH_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** What the envelope checks found, and what later checks need from it. */
export interface EnvelopeReading {
  checks: Check[];
  /** The body's request_id, when it is a string. */
  requestId?: string;
  /** The body, when it is a JSON object. */
  body?: Record<string, unknown>;
}

/** Problems with the envelope's members: each present and of its type. */
function envelopeProblems(body: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const has = (name: string): boolean => Object.hasOwn(body, name);
  const requestId = body['request_id'];
  if (!has('request_id')) problems.push('request_id is missing');
  else if (typeof requestId !== 'string' || requestId === '') problems.push(`request_id is ${preview(requestId)}, not a non-empty string`);
  const timestamp = body['timestamp'];
  if (!has('timestamp')) problems.push('timestamp is missing');
  else if (typeof timestamp !== 'string' || !ISO_WITH_MS.test(timestamp) || Number.isNaN(Date.parse(timestamp))) {
    problems.push(`timestamp ${preview(timestamp)} is not an ISO 8601 UTC time with milliseconds`);
  }
  if (!has('method')) problems.push('method is missing');
  else if (body['method'] !== 'GET') problems.push(`method is ${preview(body['method'])}, expected "GET"`);
  if (!has('path')) problems.push('path is missing');
  else if (typeof body['path'] !== 'string') problems.push(`path is ${preview(body['path'])}, not a string`);
  const query = body['query'];
  if (!has('query')) problems.push('query is missing');
  else if (!isRecord(query) || !Object.values(query).every((value) => typeof value === 'string'))
    problems.push(`query is ${preview(query)}, not an object of strings`);
  if (!has('payload')) problems.push('payload is missing');
  return problems;
}

/** The header check: X-Request-Id is present and equals the body's request_id. */
function headerCheck(header: string | null, requestId: unknown): Check {
  const name = 'X-Request-Id';
  if (header === null) return fail(name, 'the response has no X-Request-Id header');
  if (typeof requestId !== 'string') return fail(name, `X-Request-Id is "${header}" but the body has no request_id to match`);
  if (header !== requestId) return fail(name, `X-Request-Id "${header}" differs from request_id "${requestId}"`);
  return pass(name, 'X-Request-Id equals request_id');
}

/** The echo check: path and query are those of the request. */
function echoCheck(body: Record<string, unknown>, requested: URL): Check {
  const expectedQuery = Object.fromEntries(requested.searchParams);
  const problems: string[] = [];
  if (body['path'] !== requested.pathname) problems.push(`path is ${preview(body['path'])}, the request was "${requested.pathname}"`);
  const sorted = (value: unknown): string =>
    JSON.stringify(isRecord(value) ? Object.entries(value).sort(([a], [b]) => a.localeCompare(b)) : value);
  if (sorted(body['query']) !== sorted(expectedQuery))
    problems.push(`query is ${preview(body['query'])}, the request sent ${preview(expectedQuery)}`);
  return fromProblems('echo', problems, `path and query echo the request (${requested.pathname}${requested.search})`);
}

/** Runs the envelope checks on an API response. */
export function envelopeChecks(fetched: Fetched, base: string): EnvelopeReading {
  const body = fetched.json;
  if (!isRecord(body)) {
    return {
      checks: [fail('envelope', fetched.error !== undefined ? `the body is not JSON: ${fetched.error}` : 'the body is not a JSON object')],
    };
  }
  const requestId = body['request_id'];
  return {
    checks: [
      fromProblems('envelope', envelopeProblems(body), 'request_id, timestamp, method, path, query and payload present and well-typed'),
      headerCheck(fetched.headers.get('X-Request-Id'), requestId),
      echoCheck(body, new URL(fetched.url, base)),
    ],
    ...(typeof requestId === 'string' ? { requestId } : {}),
    body,
  };
}
