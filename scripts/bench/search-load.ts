/**
 * Requests beyond the replayed classes, for the server alone: distinct searches (new short terms,
 * every page size, br and gzip), the full mix (every route in both locales and codings), and the
 * search shapes (few against many matches, a small against a large page). Directories, parameter
 * names, the largest limit and the locales come from the route table; terms from the build's names.
 */
import { LOCALES, DEFAULT_LOCALE } from '../../src/schemas/common.ts';
import { MAX_LIMIT, PARAM_NAMES } from '../../src/routes/params.ts';
import { isPaginated, routeById, ROUTES, type RouteSpec } from '../../src/routes/routes.ts';
import { apiUrl } from '../../src/routes/urls.ts';
import { ENCODINGS, itemsOf, shortestSlug } from './classes.ts';
import { fetchRaw, type BenchRequest } from './recording.ts';
import type { DistinctSearchPlan } from './wrk-script.ts';

/** Directories that take `q` and `limit`, in table order. */
export const searchDirectories = (): RouteSpec[] =>
  ROUTES.filter((route) => !route.detail && isPaginated(route) && route.params.some((param) => param.kind === 'text'));

/** Deterministic shuffle (a small LCG), so every run of the bench asks the same queries in the same order. */
function shuffled<T>(values: readonly T[]): T[] {
  const copy = [...values];
  let seed = 12345;
  for (let index = copy.length - 1; index > 0; index -= 1) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const other = seed % (index + 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/**
 * Short terms people type: every distinct 2 to 4 letter piece of the words of the searchable
 * directories' display names, shuffled, so most match something and few match everything.
 */
export async function shortTerms(baseUrl: string): Promise<string[]> {
  const pieces = new Set<string>();
  for (const directory of searchDirectories())
    for (const item of await itemsOf(baseUrl, directory.path)) {
      const text = item.name ?? item.title;
      if (typeof text !== 'string') continue;
      for (const word of text.toLowerCase().split(/[^\p{L}]+/u))
        for (let length = 2; length <= 4; length += 1)
          for (let start = 0; start + length <= word.length; start += 1) pieces.add(word.slice(start, start + length));
    }
  return shuffled([...pieces].sort());
}

/** What wrk's distinct-search script draws from (wrk-script.ts): each query `repeats` times, in `encodings` in turn. */
export const distinctPlan = (terms: readonly string[], repeats = 1, encodings: readonly string[] = ENCODINGS): DistinctSearchPlan => ({
  directories: searchDirectories().map((route) => route.path),
  terms: terms.map(encodeURIComponent),
  maxLimit: MAX_LIMIT,
  queryName: PARAM_NAMES.text,
  limitName: PARAM_NAMES.limit,
  encodings,
  repeats,
  idlePath: apiUrl('getHealth'),
});

const withQuery = (path: string, query: Record<string, string>) =>
  Object.keys(query).length === 0 ? path : `${path}?${new URLSearchParams(query).toString()}`;

/**
 * Every route of the table once per locale and per coding (identity, br, gzip): a detail route with
 * the shortest slug of its collection, a localized one without `lang` and with each other locale.
 */
export async function fullMixRequests(baseUrl: string): Promise<BenchRequest[]> {
  const requests: BenchRequest[] = [];
  for (const route of ROUTES) {
    let path = route.path;
    if (route.detail) {
      const directory = ROUTES.find((candidate) => candidate.lists === route.detail)!;
      path = apiUrl(route.id, shortestSlug(await itemsOf(baseUrl, directory.path)).slug);
    }
    const locales = route.localized ? LOCALES : [DEFAULT_LOCALE];
    for (const locale of locales)
      for (const coding of [undefined, ...ENCODINGS])
        requests.push({
          path: withQuery(path, locale === DEFAULT_LOCALE ? {} : { [PARAM_NAMES.lang]: locale }),
          headers: coding ? { 'accept-encoding': coding } : {},
        });
  }
  return requests;
}

/** Discovery: the directory with the most items to match (every page, endpoint, export and entity). */
export const shapeDirectory = (): RouteSpec => routeById('listDiscovery');

/** How many items of the shape directory a term matches (its payload's count), from a limit=1 page. */
async function matchCount(baseUrl: string, term: string): Promise<number> {
  const path = withQuery(shapeDirectory().path, { [PARAM_NAMES.text]: term, [PARAM_NAMES.limit]: '1' });
  const answer = await fetchRaw(baseUrl, { path, headers: {} });
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
  return (JSON.parse(answer.body.toString('utf8')) as { payload: { count: number } }).payload.count;
}

export interface Shape {
  label: string;
  requests: BenchRequest[];
  /** Median items the shape's terms match. */
  matches: number;
  limit: number;
}

/**
 * The search shapes, each of distinct terms (no term twice, in any shape): terms matching about
 * FEW items at limit 20, and the terms matching the most at limit 20 and (the other half) at the
 * largest limit. Counts come from probing `probeUrl`, a server the shapes are not measured on
 * (probing fills its caches). At most `perShape` terms each.
 */
export async function searchShapes(probeUrl: string, terms: readonly string[], perShape: number): Promise<Shape[]> {
  const FEW = 10;
  const PROBES = 600;
  const counted: { term: string; count: number }[] = [];
  for (const term of terms.slice(0, PROBES)) counted.push({ term, count: await matchCount(probeUrl, term) });
  const few = counted
    .filter(({ count }) => count > 0)
    .sort((a, b) => Math.abs(a.count - FEW) - Math.abs(b.count - FEW))
    .slice(0, perShape);
  const many = counted
    .filter(({ term }) => !few.some((chosen) => chosen.term === term))
    .sort((a, b) => b.count - a.count)
    .slice(0, perShape * 2);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const shape = (label: string, chosen: typeof counted, limit: number): Shape => ({
    label,
    limit,
    matches: median(chosen.map(({ count }) => count)),
    requests: chosen.map(({ term }, index) => ({
      path: withQuery(shapeDirectory().path, { [PARAM_NAMES.text]: term, [PARAM_NAMES.limit]: String(limit) }),
      headers: { 'accept-encoding': ENCODINGS[index % ENCODINGS.length]! },
    })),
  });
  return [
    shape('few matches, limit 20', few, 20),
    shape(
      'many matches, limit 20',
      many.filter((_, index) => index % 2 === 0),
      20,
    ),
    shape(
      `many matches, limit ${MAX_LIMIT}`,
      many.filter((_, index) => index % 2 === 1),
      MAX_LIMIT,
    ),
  ];
}
