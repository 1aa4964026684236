/**
 * Pagination over every directory, in process: following `Link: rel="next"` from the first page
 * visits every item exactly once, in the unpaginated order, for several limits and filters; bad
 * limits and forged, truncated or foreign cursors get a 400 naming the parameter.
 */
import { describe, expect, it } from 'vitest';
import { isPaginated, ROUTES, routeById } from '../../src/routes/routes.ts';
import { DIRECTORY_ROUTE_IDS } from '../support/route-tables.ts';
import { callApi, concretePath, expectEnvelope, queryString } from '../support/api-call.ts';
import { testCatalog } from '../support/contract.ts';
import type { DirectoryPayload, Item } from '../support/items.ts';

const catalog = testCatalog();
/** The pinned list, not ROUTES.filter(isPaginated): if isPaginated went wrong, these tests would not vanish. */
const directories = DIRECTORY_ROUTE_IDS.map(routeById);
type Page = DirectoryPayload & { next_cursor?: string | null };

/** GET a URL, checking envelope and contract; returns the payload and the Link header. */
function getPage(url: string): { payload: Page; link: string | null } {
  const [path = url, search = ''] = url.split('?');
  const result = callApi(url);
  const envelope = expectEnvelope(result, { status: 200, path, query: Object.fromEntries(new URLSearchParams(search)) });
  return { payload: envelope.payload as Page, link: result.headers.get('link') };
}

/** The target of a `<...>; rel="next"` link. */
function nextTarget(link: string): string {
  const match = /^<([^>]+)>; rel="next"$/.exec(link);
  expect(match, link).not.toBeNull();
  return match![1]!;
}

/** Every item reached by following next links from `?params&limit=N`, and the pages it took. */
function walk(path: string, params: Record<string, string>, limit: number): { items: Item[]; pages: number; counts: Set<number> } {
  const items: Item[] = [];
  const counts = new Set<number>();
  let url: string | undefined = `${path}${queryString({ ...params, limit: String(limit) })}`;
  let pages = 0;
  while (url !== undefined && pages < 1000) {
    const { payload, link } = getPage(url);
    pages += 1;
    counts.add(payload.count);
    expect(payload.items.length).toBeLessThanOrEqual(limit);
    items.push(...payload.items);
    if (link === null) {
      expect(payload.next_cursor, `${url}: the last page says so`).toBeNull();
      url = undefined;
    } else {
      url = nextTarget(link);
      const next = new URLSearchParams(url.split('?')[1]);
      // The next link keeps every filter, lang and limit, and carries the payload's cursor.
      for (const [name, value] of Object.entries(params)) expect(next.get(name)).toBe(value);
      expect(next.get('limit')).toBe(String(limit));
      expect(next.get('cursor')).toBe(payload.next_cursor);
    }
  }
  return { items, pages, counts };
}

/** Filter sets to page through for a route: none, a language, each filter's first value, a search. */
function filterSets(path: string): Record<string, string>[] {
  const route = ROUTES.find((candidate) => candidate.path === path)!;
  const sets: Record<string, string>[] = [{}, { lang: 'pt-BR' }, { q: 'a' }];
  for (const param of route.params.filter((spec) => spec.kind === 'choice')) {
    const first = param.choices?.(catalog)[0];
    if (first) sets.push({ [param.name]: first.value });
  }
  return sets;
}

it('isPaginated marks exactly the pinned directories', () => {
  expect(ROUTES.filter(isPaginated).map((route) => route.id)).toEqual([...DIRECTORY_ROUTE_IDS]);
});

describe.each(directories.map((route) => ({ path: concretePath(route) })))('$path', ({ path }) => {
  it.each(filterSets(path).map((params) => ({ params, label: JSON.stringify(params) })))(
    'visits every item once, in order, with $label',
    ({ params }) => {
      const whole = getPage(`${path}${queryString(params)}`);
      // Without limit, nothing changes: the whole list, no cursor member, no Link.
      expect(whole.payload.count).toBe(whole.payload.items.length);
      expect(Object.hasOwn(whole.payload, 'next_cursor')).toBe(false);
      expect(whole.link).toBeNull();
      for (const limit of [1, 3, 500]) {
        const walked = walk(path, params, limit);
        expect(walked.items).toEqual(whole.payload.items);
        expect([...walked.counts]).toEqual([whole.payload.count]);
        expect(walked.pages).toBe(Math.max(1, Math.ceil(whole.payload.count / limit)));
      }
    },
  );
});

describe('bad paging parameters', () => {
  const stacks = routeById('listStacks').path;
  const firstCursor = (url: string): string => getPage(url).payload.next_cursor!;

  it.each(['0', '-1', '1.5', '501', 'ten', '', '1e2', ' 5'])('refuses limit=%j with a 400 naming limit', (limit) => {
    const query = { limit };
    const { error } = expectEnvelope(callApi(`${stacks}${queryString(query)}`), {
      status: 400,
      path: stacks,
      query,
      code: 'invalid_parameter',
    });
    expect(error?.parameter).toBe('limit');
    expect(error?.detail).toContain('1 to 500');
  });

  it('refuses a cursor without limit', () => {
    const cursor = firstCursor(`${stacks}?limit=2`);
    const { error } = expectEnvelope(callApi(`${stacks}?cursor=${cursor}`), {
      status: 400,
      path: stacks,
      query: { cursor },
      code: 'invalid_parameter',
    });
    expect(error?.parameter).toBe('cursor');
  });

  const genuine = (): string => firstCursor(`${stacks}?limit=2`);
  const cases: [string, () => { url: string; query: Record<string, string> }][] = [
    ['edited', () => ({ url: stacks, query: { limit: '2', cursor: `${genuine().slice(0, -1)}x` } })],
    ['truncated', () => ({ url: stacks, query: { limit: '2', cursor: genuine().slice(0, 5) } })],
    [
      'with its offset changed',
      () => ({ url: stacks, query: { limit: '2', cursor: `${Buffer.from('4').toString('base64url')}.${genuine().split('.')[1]}` } }),
    ],
    ['from another endpoint', () => ({ url: routeById('listProjects').path, query: { limit: '2', cursor: genuine() } })],
    ['from other filters', () => ({ url: stacks, query: { limit: '2', q: 'type', cursor: genuine() } })],
    ['garbage', () => ({ url: stacks, query: { limit: '2', cursor: '%%%...' } })],
  ];
  it.each(cases.map(([label, make]) => ({ label, make })))('refuses a cursor $label with a 400 naming cursor', ({ make }) => {
    const { url, query } = make();
    const { error } = expectEnvelope(callApi(`${url}${queryString(query)}`), { status: 400, path: url, query, code: 'invalid_parameter' });
    expect(error?.parameter).toBe('cursor');
  });

  it('accepts a cursor with another lang or limit: they do not change which items come next', () => {
    const cursor = genuine();
    const english = getPage(`${stacks}${queryString({ limit: '2', cursor })}`).payload;
    const portuguese = getPage(`${stacks}${queryString({ limit: '3', cursor, lang: 'pt-BR' })}`).payload;
    expect(portuguese.items.slice(0, 2).map((item) => item['slug'])).toEqual(english.items.map((item) => item['slug']));
  });
});
