/**
 * Boundaries on both sides: cursors at and past the end of a list, a cursor with a trailing
 * segment, and the length limit on parameter values and the path's slug (MAX_VALUE_LENGTH accepted, one
 * more refused).
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/api-error.ts';
import { decodeCursor, encodeCursor } from '../../src/api/pagination.ts';
import { MAX_VALUE_LENGTH } from '../../src/routes/params.ts';
import { routeById } from '../../src/routes/routes.ts';
import { apiUrl } from '../../src/routes/urls.ts';
import { callApi, expectEnvelope, queryString } from '../support/api-call.ts';

const BINDING = 'catalog-version\nlistStacks\n{}';

/** The error a call throws, or undefined when it returns. */
function thrown(call: () => unknown): ApiError | undefined {
  try {
    call();
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

describe('decodeCursor', () => {
  it('reads the first and the last item of a list', () => {
    expect(decodeCursor(encodeCursor(BINDING, 0), BINDING, 1)).toBe(0);
    expect(decodeCursor(encodeCursor(BINDING, 9), BINDING, 10)).toBe(9);
  });

  it.each([
    ['at the end', 10, 10],
    ['past the end', 11, 10],
    ['into an empty list', 0, 0],
  ])('refuses a cursor %s', (_label, offset, count) => {
    expect(thrown(() => decodeCursor(encodeCursor(BINDING, offset), BINDING, count))?.parameter).toBe('cursor');
  });

  it.each([
    ['a trailing ".x"', (cursor: string) => `${cursor}.x`],
    ['a trailing "."', (cursor: string) => `${cursor}.`],
    ['no checksum', (cursor: string) => cursor.split('.')[0]!],
    ['another binding', (cursor: string) => cursor.replace(/\..*/, `.${encodeCursor('other', 3).split('.')[1]}`)],
  ])('refuses a cursor with %s', (_label, edit) => {
    const cursor = edit(encodeCursor(BINDING, 3));
    expect(thrown(() => decodeCursor(cursor, BINDING, 10))?.code).toBe('invalid_parameter');
  });
});

describe('cursors over HTTP', () => {
  const stacks = routeById('listStacks').path;
  const page = (query: Record<string, string>) => callApi(`${stacks}${queryString(query)}`);
  const payloadOf = (query: Record<string, string>) =>
    expectEnvelope(page(query), { status: 200, path: stacks, query }).payload as {
      items: unknown[];
      count: number;
      next_cursor: string | null;
    };

  it('leads to the last item, and stops there', () => {
    const { count } = payloadOf({});
    const first = payloadOf({ limit: String(count - 1) });
    expect(first.items).toHaveLength(count - 1);
    const last = payloadOf({ limit: String(count - 1), cursor: first.next_cursor! });
    expect(last.items).toHaveLength(1);
    expect(last.next_cursor).toBeNull();
    expect(page({ limit: String(count - 1), cursor: first.next_cursor! }).headers.get('link')).toBeNull();
    expect(payloadOf({ limit: String(count) }).next_cursor).toBeNull();
  });

  it('refuses a genuine cursor with a trailing ".x"', () => {
    const cursor = `${payloadOf({ limit: '2' }).next_cursor!}.x`;
    const query = { limit: '2', cursor };
    const { error } = expectEnvelope(page(query), { status: 400, path: stacks, query, code: 'invalid_parameter' });
    expect(error?.parameter).toBe('cursor');
  });
});

describe(`values of ${MAX_VALUE_LENGTH} characters`, () => {
  const portfolio = routeById('getPortfolio').path;
  const stacks = routeById('listStacks').path;
  const cases: [string, string, string, Record<string, string>][] = [
    ['stack', portfolio, 'stack', {}],
    ['lang', portfolio, 'lang', {}],
    ['cursor', stacks, 'cursor', { limit: '2' }],
  ];

  it.each(cases.map(([label, path, name, extra]) => ({ label, path, name, extra })))(
    '$label: the limit is read as a wrong value, one more as too long',
    ({ path, name, extra }) => {
      const atLimit = { ...extra, [name]: 'a'.repeat(MAX_VALUE_LENGTH) };
      const atLimitError = expectEnvelope(callApi(`${path}${queryString(atLimit)}`), {
        status: 400,
        path,
        query: atLimit,
        code: 'invalid_parameter',
      }).error;
      expect(atLimitError?.parameter).toBe(name);
      const over = { ...extra, [name]: 'a'.repeat(MAX_VALUE_LENGTH + 1) };
      const overError = expectEnvelope(callApi(`${path}${queryString(over)}`), { status: 400, path, query: over, code: 'too_long' }).error;
      expect(overError?.parameter).toBe(name);
      expect(overError?.detail).toContain(String(MAX_VALUE_LENGTH));
    },
  );

  it('slug: the limit is looked up (a 404 with the closest slugs), one more refused as too long before any suggestion', () => {
    const atLimit = apiUrl('getStack', 'a'.repeat(MAX_VALUE_LENGTH));
    const notFound = expectEnvelope(callApi(atLimit), { status: 404, path: atLimit, code: 'not_found' }).error;
    expect(notFound?.allowed?.length).toBeGreaterThan(0);
    const over = apiUrl('getStack', 'a'.repeat(MAX_VALUE_LENGTH + 1));
    const overError = expectEnvelope(callApi(over), { status: 400, path: over, code: 'too_long' }).error;
    expect(overError?.parameter).toBe('slug');
    expect(overError?.allowed).toBeUndefined();
    expect(overError?.detail).toContain(String(MAX_VALUE_LENGTH));
  });
});
