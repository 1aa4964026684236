/**
 * The parameter matrix over the route table, in process (`respond()`): for every endpoint, no
 * parameters, each parameter valid and invalid, and combinations; envelope and contract on each.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTES, routeById, type RouteSpec } from '../../src/routes/routes.ts';
import { DIRECTORY_ROUTE_IDS } from '../support/route-tables.ts';
import type { ParamSpec } from '../../src/routes/params.ts';
import { COLLECTION_NAMES } from '../../src/schemas/collections.ts';
import { callApi, concretePath, expectEnvelope, queryString, type Envelope } from '../support/api-call.ts';
import { contractParameter, testCatalog, testContract } from '../support/contract.ts';
import { normalizeText } from '../../src/catalog/search.ts';
import {
  identities,
  isDirectory,
  isOrderedSubset,
  matchesQuery,
  slugsOf,
  strings,
  type DirectoryPayload,
  type Item,
} from '../support/items.ts';

const catalog = testCatalog();
const packageVersion = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

/** Slugs of a detail route's collection, from the catalog. */
const slugsFor = (route: RouteSpec): string[] =>
  route.detail ? (catalog.collections[route.detail] as { slug: string }[]).map((entry) => entry.slug) : [];

/** GET a route with a query, assert envelope and contract, return the envelope. */
function get(route: RouteSpec, params: Record<string, string> = {}, path = concretePath(route)): Envelope {
  return expectEnvelope(callApi(`${path}${queryString(params)}`), { status: 200, path, query: params });
}
/** GET a directory route and return its payload, with count checked against items. */
function list(route: RouteSpec, params: Record<string, string> = {}): DirectoryPayload {
  const payload = get(route, params).payload;
  expect(isDirectory(payload), `${route.path} returns a directory`).toBe(true);
  const directory = payload as DirectoryPayload;
  expect(directory.count).toBe(directory.items.length);
  return directory;
}

/** Filters are every parameter but lang: choices and q. */
/** Parameters that narrow the items (not lang, not paging). */
const filtersOf = (route: RouteSpec): ParamSpec[] => route.params.filter((param) => param.kind === 'choice' || param.kind === 'text');
/** A payload without assertions, for building the test tables at collection time. */
const rawPayload = (url: string): unknown => (JSON.parse(callApi(url).text ?? 'null') as Envelope).payload;
/** Pinned by hand (tests/support/route-tables.ts), not derived from what the handlers return. */
const directoryRoutes = DIRECTORY_ROUTE_IDS.map(routeById);

/**
 * What a filter means, written from the parameter descriptions (not from the handlers): whether
 * an item of `route` passes for the canonical `value`.
 */
function passes(route: RouteSpec, name: string, item: Item, value: string): boolean {
  switch (name) {
    case 'owner':
    case 'kind':
    case 'audience':
    case 'stage':
      return item[name] === value;
    case 'capability':
      return slugsOf(item['capabilities']).includes(value);
    case 'stack':
      return slugsOf(item['stacks']).includes(value);
    case 'category': {
      if (route.id !== 'listStacks') return slugsOf(item['category']).includes(value);
      // "Only stacks used by portfolio cases of this category": ask the portfolio endpoint.
      const portfolio = ROUTES.find((candidate) => candidate.id === 'getPortfolio')!;
      const cases = list(portfolio, { category: value }).items;
      return cases.some((entry) => slugsOf(entry['stacks']).includes(item['slug'] as string));
    }
    default:
      throw new Error(`No oracle for the ${name} filter of ${route.path}: add one to this test.`);
  }
}

/** Every string of each item in both locales, by identity, for the search oracle. */
function searchTexts(route: RouteSpec): Map<string, string[]> {
  const texts = new Map<string, string[]>();
  for (const lang of ['en-US', 'pt-BR'])
    for (const item of list(route, { lang }).items)
      texts.set(String(item['slug'] ?? item['id']), [...(texts.get(String(item['slug'] ?? item['id'])) ?? []), ...strings(item)]);
  return texts;
}

/** Search terms taken from the data: words of the first items that narrow the list but keep some. */
function sampleTerms(texts: Map<string, string[]>, total: number): string[] {
  const found: string[] = [];
  const counts = new Set<number>();
  for (const words of texts.values()) {
    for (const word of words.flatMap((text) => text.match(/[\p{L}\p{N}]{4,}/gu) ?? [])) {
      const count = [...texts.values()].filter((itemTexts) => matchesQuery(itemTexts, word)).length;
      if (count > 0 && count < total && !counts.has(count)) {
        found.push(word);
        counts.add(count);
      }
      if (found.length === 3) return found;
    }
  }
  return found;
}

/** Valid sample values for a filter: every choice, or search terms from the data. */
function sampleValues(route: RouteSpec, param: ParamSpec): string[] {
  if (param.kind === 'choice') return (param.choices?.(catalog) ?? []).map((choice) => choice.value);
  const unfiltered = list(route);
  return sampleTerms(searchTexts(route), unfiltered.count);
}

describe.each(ROUTES.map((route) => ({ id: route.id, route })))('$id', ({ route }) => {
  it('answers with no parameters: envelope, contract and payload', () => {
    const envelope = get(route);
    const payload = envelope.payload as Record<string, unknown>;
    switch (route.id) {
      case 'getHealth':
        // In process, no build is loaded: the build is "source"; the production server's is tested in tests/server/health.test.ts.
        expect(payload).toEqual({
          status: 'ok',
          version: packageVersion,
          build: 'source',
          uptime_seconds: expect.any(Number),
          // The shipped content holds 98 entries (1 profile, 2 profiles, 8 links, 16 cases, 7 categories,
          // 9 capabilities, 21 stacks, 16 projects, 6 operations, 4 journeys, 8 trust signals).
          catalog: { version: catalog.version, entries: 98 },
        });
        break;
      case 'getContract':
      case 'getContractV1':
        expect(payload).toEqual(JSON.parse(JSON.stringify(testContract())));
        break;
      case 'getProfile':
        expect(payload['slug']).toBe(catalog.profile.slug);
        break;
      case 'getCatalog':
        for (const name of COLLECTION_NAMES) {
          expect((payload['counts'] as Record<string, number>)[name]).toBe(catalog.collections[name].length);
          if (name !== 'profile')
            expect(identities(payload[name] as Item[])).toEqual(
              (catalog.collections[name] as { slug: string }[]).map((entry) => entry.slug),
            );
        }
        break;
      case 'getAudit':
        expect((payload['counts'] as Record<string, number>)['endpoints']).toBe(21);
        break;
      default:
        if (route.detail) expect(payload['slug']).toBe(slugsFor(route)[0]);
        else expect(isDirectory(payload), `${route.path} is a directory`).toBe(true);
    }
    if (isDirectory(payload)) {
      expect(payload.count).toBe(payload.items.length);
      expect(payload.count).toBeGreaterThan(0);
      // Entity directories list their whole collection, in catalog (content) order.
      if (typeof payload.items[0]?.['slug'] === 'string') {
        const keys = identities(payload.items);
        const collection = COLLECTION_NAMES.find((name) => {
          const slugs = (catalog.collections[name] as { slug: string }[]).map((entry) => entry.slug);
          return slugs.length === keys.length && slugs.every((slug) => keys.includes(slug));
        });
        expect(collection, `${route.path} lists one whole collection`).toBeDefined();
        expect(keys).toEqual((catalog.collections[collection!] as { slug: string }[]).map((entry) => entry.slug));
      }
    }
  });

  it('rejects an unknown parameter, listing the accepted ones', () => {
    const result = callApi(`${concretePath(route)}?unexpected=1`);
    const { error } = expectEnvelope(result, {
      status: 400,
      path: concretePath(route),
      query: { unexpected: '1' },
      code: 'unknown_parameter',
    });
    expect(error?.parameter).toBe('unexpected');
    expect(error?.allowed).toEqual(route.params.map((param) => param.name));
    for (const param of route.params) expect(error?.detail).toContain(param.name);
  });

  it.each(route.params.map((param) => ({ name: param.name, param })))('rejects a repeated $name', ({ param }) => {
    const fixed: Partial<Record<ParamSpec['kind'], string>> = { lang: 'en-US', text: 'a', limit: '5', cursor: 'abc' };
    const value = fixed[param.kind] ?? sampleValues(route, param)[0]!;
    const path = concretePath(route);
    const result = callApi(`${path}?${param.name}=${encodeURIComponent(value)}&${param.name}=${encodeURIComponent(value)}`);
    const { error } = expectEnvelope(result, { status: 400, path, query: { [param.name]: value }, code: 'repeated_parameter' });
    expect(error?.parameter).toBe(param.name);
  });

  it.each(route.params.map((param) => ({ name: param.name, param })))('rejects an invalid $name', ({ param }) => {
    const path = concretePath(route);
    if (param.kind === 'text') {
      const q = 'x'.repeat(101);
      const { error } = expectEnvelope(callApi(`${path}?q=${q}`), { status: 400, path, query: { q }, code: 'too_long' });
      expect(error?.parameter).toBe('q');
      return;
    }
    // A cursor is only read with a limit (pagination.test.ts covers forged and foreign cursors).
    const extra = param.kind === 'cursor' ? { limit: '5' } : {};
    const bad = param.kind === 'lang' ? 'fr-FR' : `no-such-${param.name}`;
    const query = { ...extra, [param.name]: bad };
    const { error } = expectEnvelope(callApi(`${path}?${new URLSearchParams(query).toString()}`), {
      status: 400,
      path,
      query,
      code: 'invalid_parameter',
    });
    expect(error?.parameter).toBe(param.name);
    if (param.kind === 'limit' || param.kind === 'cursor') return;
    expect(error?.detail).toContain(bad);
    const schema = contractParameter(route.path, param.name)?.schema as { enum?: string[]; examples?: string[] } | undefined;
    if (param.entriesOf) {
      // Catalog slugs: the contract shows a few examples (its size must not grow with the catalog), the error lists them all.
      const slugs = (catalog.collections[param.entriesOf] as { slug: string }[]).map((entry) => entry.slug);
      expect(schema?.enum).toBeUndefined();
      expect(schema?.examples).toEqual(slugs.slice(0, 3));
      expect(error?.allowed).toEqual(slugs);
      return;
    }
    // A closed set: the allowed values are the contract's examples of this parameter (any case matches).
    expect(schema?.examples?.length).toBeGreaterThan(0);
    expect(error?.allowed).toEqual(schema?.examples);
  });

  if (route.localized) {
    it('answers lang=pt-br in pt-BR, case-insensitively, with the same entries', () => {
      const english = callApi(concretePath(route));
      const portuguese = callApi(`${concretePath(route)}?lang=pt-br`);
      const envelope = expectEnvelope(portuguese, { status: 200, path: concretePath(route), query: { lang: 'pt-br' } });
      expect(portuguese.headers.get('content-language')).toBe('pt-BR');
      expect(english.headers.get('content-language')).toBe('en-US');
      const englishPayload = (JSON.parse(english.text!) as Envelope).payload;
      expect(envelope.payload).not.toEqual(englishPayload);
      if (isDirectory(englishPayload))
        expect(identities((envelope.payload as DirectoryPayload).items)).toEqual(identities(englishPayload.items));
      if (route.detail) expect((envelope.payload as Item)['slug']).toBe(slugsFor(route)[0]);
      // An explicit default locale gives the default payload (the handler path and the cached export path agree).
      expect(get(route, { lang: 'en-US' }).payload).toEqual(englishPayload);
    });
  }

  if (route.detail) {
    const collection = route.detail;
    it.each(slugsFor(route))('answers %s with the entity and its relations resolved', (slug) => {
      const payload = get(route, {}, route.path.replace('{slug}', slug)).payload as Item;
      expect(payload['slug']).toBe(slug);
      // Relations are Refs: {slug, name, url, api_url?}; each api_url answers 200.
      const refs = Object.values(payload)
        .flatMap((value) => (Array.isArray(value) ? value : [value]))
        .filter(
          (value): value is Item =>
            typeof value === 'object' &&
            value !== null &&
            typeof (value as Item)['slug'] === 'string' &&
            typeof (value as Item)['url'] === 'string',
        );
      expect(refs.length, `${collection}/${slug} has resolved relations`).toBeGreaterThan(0);
      for (const ref of refs) {
        expect(typeof ref['name']).toBe('string');
        if (typeof ref['api_url'] === 'string') expect(callApi(ref['api_url']).status, String(ref['api_url'])).toBe(200);
      }
    });

    it('answers a misspelt slug with 404 not_found suggesting the closest few, the real one first', () => {
      const [slug] = slugsFor(route);
      const misspelt = `${slug!.slice(0, -1)}x`;
      const path = route.path.replace('{slug}', misspelt);
      const { error } = expectEnvelope(callApi(path), { status: 404, path, code: 'not_found' });
      expect(error?.parameter).toBe('slug');
      expect(error?.allowed?.[0]).toBe(slug);
      expect(error?.allowed?.length).toBe(Math.min(5, slugsFor(route).length));
    });
  }
});

describe.each(directoryRoutes.map((route) => ({ id: route.id, route })))('$id filters', ({ route }) => {
  const filters = filtersOf(route);
  const unfiltered = rawPayload(route.path) as DirectoryPayload;
  const all = identities(unfiltered.items);

  it.each(filters.map((param) => ({ name: param.name, param })))(
    'narrows by each valid $name to a subset in catalog order',
    ({ param }) => {
      const values = sampleValues(route, param);
      expect(values.length, `sample values for ${param.name}`).toBeGreaterThan(0);
      const texts = param.kind === 'text' ? searchTexts(route) : undefined;
      const sizes: number[] = [];
      for (const value of values) {
        const result = identities(list(route, { [param.name]: value }).items);
        expect(isOrderedSubset(result, all), `${param.name}=${value} is a subset in catalog order`).toBe(true);
        const expected = texts
          ? unfiltered.items.filter((item) => matchesQuery(texts.get(String(item['slug'] ?? item['id'])) ?? [], value))
          : unfiltered.items.filter((item) => passes(route, param.name, item, value));
        expect(result, `${param.name}=${value}`).toEqual(identities(expected));
        sizes.push(result.length);
      }
      // Not vacuous: some value keeps entries and some value drops entries.
      expect(Math.max(...sizes)).toBeGreaterThan(0);
      expect(Math.min(...sizes)).toBeLessThan(all.length);
    },
  );

  it('answers an empty result as 200 with items [] and count 0', () => {
    const payload = list(route, { q: 'zqxj-no-such-term-zqxj' });
    expect(payload.items).toEqual([]);
    expect(payload.count).toBe(0);
  });

  it('treats an empty or blank q as no filter', () => {
    expect(identities(list(route, { q: '' }).items)).toEqual(all);
    expect(identities(list(route, { q: '   ' }).items)).toEqual(all);
  });

  it('combines filters as the intersection of the single filters', () => {
    const samples = filters.map((param) => ({ name: param.name, values: sampleValues(route, param).slice(0, 3) }));
    const single = (name: string, value: string): string[] => identities(list(route, { [name]: value }).items);
    let nonEmpty = 0;
    for (const [indexA, a] of samples.entries()) {
      for (const b of samples.slice(indexA + 1)) {
        for (const valueA of a.values) {
          for (const valueB of b.values) {
            const fromB = new Set(single(b.name, valueB));
            const expected = single(a.name, valueA).filter((key) => fromB.has(key));
            const combined = identities(list(route, { [a.name]: valueA, [b.name]: valueB }).items);
            expect(combined, `${a.name}=${valueA}&${b.name}=${valueB}`).toEqual(expected);
            // lang changes the language, never the selection.
            expect(identities(list(route, { [a.name]: valueA, [b.name]: valueB, lang: 'pt-BR' }).items)).toEqual(expected);
            if (expected.length > 0) nonEmpty += 1;
          }
        }
      }
    }
    // Several search terms combine like the filters do: q="a b" is q=a ∩ q=b.
    const terms = samples.find((sample) => sample.name === 'q')?.values ?? [];
    if (terms.length >= 2) {
      const [first, second] = terms as [string, string];
      const fromSecond = new Set(single('q', second));
      const expected = single('q', first).filter((key) => fromSecond.has(key));
      expect(identities(list(route, { q: `${first} ${second}` }).items)).toEqual(expected);
      expect(identities(list(route, { q: `  ${second}\u0020\u0020${first} ` }).items)).toEqual(expected);
    }
    // Every filter at once.
    if (samples.length >= 3) {
      const params = Object.fromEntries(samples.map((sample) => [sample.name, sample.values[0]!]));
      const expected = samples
        .map((sample) => new Set(single(sample.name, sample.values[0]!)))
        .reduce((kept, set) => new Set([...kept].filter((key) => set.has(key))));
      expect(identities(list(route, params).items)).toEqual(all.filter((key) => expected.has(key)));
    }
    if (samples.length >= 2) expect(nonEmpty, 'some combination keeps entries').toBeGreaterThan(0);
  });
});

it('returns a directory from exactly the pinned directory routes', () => {
  const pinned: readonly string[] = DIRECTORY_ROUTE_IDS;
  for (const route of ROUTES.filter((candidate) => !candidate.detail)) {
    expect(isDirectory(rawPayload(route.path)), `${route.id} returns a directory`).toBe(pinned.includes(route.id));
  }
});

describe('parameter spellings', () => {
  const byId = (id: string): RouteSpec => ROUTES.find((route) => route.id === id)!;

  it('reads choice values case-insensitively and ignores surrounding spaces', () => {
    for (const route of directoryRoutes) {
      for (const param of route.params.filter((spec) => spec.kind === 'choice')) {
        const value = sampleValues(route, param)[0]!;
        const canonical = identities(list(route, { [param.name]: value }).items);
        expect(identities(list(route, { [param.name]: value.toUpperCase() }).items), `${route.path} ${param.name}`).toEqual(canonical);
        expect(identities(list(route, { [param.name]: ` ${value} ` }).items)).toEqual(canonical);
      }
    }
  });

  it('accepts a stack by name, case- and accent-insensitively', () => {
    const route = byId('getPortfolio');
    for (const stack of catalog.collections.stacks) {
      const bySlug = identities(list(route, { stack: stack.slug }).items);
      expect(identities(list(route, { stack: stack.name }).items), stack.name).toEqual(bySlug);
      expect(identities(list(route, { stack: stack.name.toLowerCase() }).items)).toEqual(bySlug);
    }
  });

  it('accepts a capability by its name in either locale, with or without accents', () => {
    const route = byId('listProjects');
    for (const capability of catalog.collections.capabilities) {
      const bySlug = identities(list(route, { capability: capability.slug }).items);
      for (const name of Object.values(capability.name).filter((text) => text !== undefined)) {
        expect(identities(list(route, { capability: name }).items), name).toEqual(bySlug);
        expect(identities(list(route, { capability: normalizeText(name).toUpperCase() }).items), normalizeText(name)).toEqual(bySlug);
      }
    }
  });

  it('finds accented text without accents: operacao finds operação', () => {
    const route = byId('listCapabilities');
    const texts = searchTexts(route);
    const withWord = [...texts]
      .filter(([, itemTexts]) => itemTexts.some((text) => text.toLowerCase().includes('operação')))
      .map(([key]) => key);
    expect(withWord.length, 'the catalog has a capability mentioning "operação"').toBeGreaterThan(0);
    for (const q of ['operacao', 'OPERAÇÃO', 'Operação']) {
      const result = identities(list(route, { q }).items);
      for (const key of withWord) expect(result, q).toContain(key);
    }
  });

  it('accepts q of exactly 100 characters after trimming and rejects 101', () => {
    const route = byId('listProjects');
    expect(list(route, { q: `  ${'x'.repeat(100)}  ` }).count).toBe(0);
    const q = 'y'.repeat(101);
    expectEnvelope(callApi(`/api/projects?q=${q}`), { status: 400, path: '/api/projects', query: { q }, code: 'too_long' });
  });

  it.each(['pt-br', 'PT-BR', 'Pt-bR', 'en-us', 'EN-US'])('reads lang=%s as a supported locale', (lang) => {
    const result = callApi(`/api/profile?lang=${lang}`);
    expectEnvelope(result, { status: 200, path: '/api/profile', query: { lang } });
    expect(result.headers.get('content-language')).toBe(lang.toLowerCase() === 'pt-br' ? 'pt-BR' : 'en-US');
  });

  it.each(['pt', 'pt_BR', 'fr-FR', 'en', '', 'pt-BR-x'])('rejects lang=%j', (lang) => {
    const { error } = expectEnvelope(callApi(`/api/profile?lang=${lang}`), {
      status: 400,
      path: '/api/profile',
      query: { lang },
      code: 'invalid_parameter',
    });
    expect(error?.allowed).toEqual(['en-US', 'pt-BR']);
  });
});
