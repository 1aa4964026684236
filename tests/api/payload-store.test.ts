/**
 * The payload store against the handlers that define every payload: a stored payload, a filtered
 * directory and any page of it are, byte for byte, what the handler answers (cut to the page). And
 * on a synthetic catalog, what a search page serializes does not grow with the entries it matches.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCatalog, type Catalog } from '../../src/catalog/catalog.ts';
import { validateCollections } from '../../src/catalog/validate.ts';
import { readContentFolder } from '../../src/catalog/load-files.ts';
import { DIRECTORIES, HANDLERS } from '../../src/api/handlers.ts';
import { serializePayload } from '../../src/api/serialize.ts';
import { answerApi } from '../../src/api/adapter.ts';
import { createWorkerCache } from '../../src/api/cache-kinds.ts';
import { parseTarget } from '../../src/api/request-target.ts';
import { payloadStoreOf } from '../../src/api/payload-store.ts';
import { parseQuery } from '../../src/api/params.ts';
import { LOCALES } from '../../src/schemas/common.ts';
import { ROUTES, type RouteSpec } from '../../src/routes/routes.ts';
import { apiUrl } from '../../src/routes/urls.ts';
import { synthesize } from '../../scripts/lib/synth.ts';
import { testCatalog } from '../support/contract.ts';
import { DIRECTORY_ROUTE_IDS } from '../support/route-tables.ts';

const cache = createWorkerCache();

/** The payload a GET of `url` answers, as text. */
function payloadText(url: string, catalog: Catalog): string {
  const body = answerApi('GET', parseTarget(url), {}, catalog, cache).body ?? '';
  const start = body.indexOf('{"payload":') + '{"payload":'.length;
  // The envelope's per-request members follow the payload; the payload is everything up to them.
  return body.slice(start, body.lastIndexOf(',"request_id":'));
}

/** What the handler answers for `search` on `route`, serialized. */
function handled(route: RouteSpec, search: string, catalog: Catalog): Record<string, unknown> {
  const parsed = parseQuery(search, route.params, catalog);
  return HANDLERS[route.id]({ catalog, locale: parsed.locale, selection: { terms: parsed.terms, choices: parsed.choices } }) as Record<
    string,
    unknown
  >;
}

const directories = ROUTES.filter((route) => DIRECTORIES[route.id] !== undefined);

describe('the payload store', () => {
  const catalog = testCatalog();

  it('has a directory for exactly the routes that page their items', () => {
    expect(directories.map((route) => route.id)).toEqual([...DIRECTORY_ROUTE_IDS]);
  });

  it.each(ROUTES.filter((route) => !route.live && !route.detail))('stores %s as its handler answers it, in each locale', (route) => {
    for (const locale of route.localized ? LOCALES : [LOCALES[0]]) {
      const search = route.localized ? `lang=${locale}` : '';
      expect(payloadText(`${route.path}${search ? `?${search}` : ''}`, catalog)).toBe(serializePayload(handled(route, search, catalog)));
    }
  });

  it.each(directories)('joins %s filtered and paged as its handler answers it', (route) => {
    const words = ['a', 'e', 'api', 'data', 'zzzz-none'];
    for (const word of words) {
      const search = `q=${word}&lang=${LOCALES[1]}`;
      const whole = handled(route, search, catalog);
      expect(payloadText(`${route.path}?${search}`, catalog)).toBe(serializePayload(whole));
      const items = whole['items'] as unknown[];
      for (const limit of [1, 2, 500]) {
        const page = JSON.parse(payloadText(`${route.path}?${search}&limit=${limit}`, catalog)) as Record<string, unknown>;
        const { items: pageItems, next_cursor: nextCursor, ...rest } = page;
        expect(pageItems).toEqual(items.slice(0, limit));
        expect({ items: whole['items'], ...rest }).toEqual(whole);
        expect(nextCursor === null).toBe(items.length <= limit);
      }
    }
  });

  it('stores every detail in each locale, and leaves an unknown slug to the handler (404)', () => {
    for (const route of ROUTES.filter((candidate) => candidate.detail)) {
      const slug = (catalog.collections[route.detail!] as { slug: string }[])[0]!.slug;
      const stored = payloadStoreOf(catalog).whole(route.id, slug, LOCALES[1]);
      expect(stored?.json).toBe(
        serializePayload(HANDLERS[route.id]({ catalog, locale: LOCALES[1], selection: { terms: [], choices: {} }, slug })),
      );
      expect(payloadStoreOf(catalog).whole(route.id, `${slug}-nope`, LOCALES[0])).toBeUndefined();
      expect(answerApi('GET', parseTarget(apiUrl(route.id, `${slug}-nope`)), {}, catalog, cache).status).toBe(404);
    }
  });
});

describe('a search page on a synthetic catalog', () => {
  let catalog: Catalog;
  const serialized = { bytes: 0 };
  const stringify = JSON.stringify;
  beforeAll(() => {
    catalog = createCatalog(validateCollections(synthesize(readContentFolder('content'), 20)));
    payloadStoreOf(catalog);
    vi.spyOn(JSON, 'stringify').mockImplementation((...args: Parameters<typeof JSON.stringify>) => {
      const text = stringify(...args);
      serialized.bytes += text?.length ?? 0;
      return text;
    });
  });
  afterAll(() => vi.restoreAllMocks());

  /** Characters serialized while answering `url`, and how many entries it matched. */
  function cost(url: string): { bytes: number; count: number } {
    serialized.bytes = 0;
    const text = payloadText(url, catalog);
    const bytes = serialized.bytes;
    return { bytes, count: (JSON.parse(text) as { count: number }).count };
  }

  // With memo() off (tests/support/no-memo.ts, MEMO_OFF) every answer builds the whole store again.
  it.skipIf(process.env['MEMO_OFF'] === '1')('serializes what its page holds, not what it matched', () => {
    const path = apiUrl('listDiscovery');
    const few = cost(`${path}?q=copy-7+profile&limit=20`);
    const many = cost(`${path}?q=e&limit=20`);
    expect(few.count).toBeLessThan(20);
    expect(many.count).toBeGreaterThan(1000);
    // The query, the filters and the cursor: a few hundred characters either way.
    expect(many.bytes).toBeLessThan(600);
    expect(many.bytes).toBeLessThanOrEqual(few.bytes + 16);
  });
});
