/**
 * The request classes of the benchmark. Paths come from the route table by id and slugs, names
 * and files from the build under test (its API and its dist/client), never typed here.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PARAM_NAMES } from '../../src/routes/params.ts';
import { isPaginated, ROUTES } from '../../src/routes/routes.ts';
import { apiUrl } from '../../src/routes/urls.ts';
import { pageUrl } from '../../src/catalog/urls.ts';
import { MCP_PATH } from '../../src/routes/mcp-endpoint.ts';
import { modernToolCall } from '../lib/mcp-tool-call.ts';
import { fetchJson, fetchRaw, type BenchRequest } from './recording.ts';

export interface BenchClass {
  /** Short id, for --classes. */
  id: string;
  requests: BenchRequest[];
  /** The status every answer must have. */
  status: number;
}

/** The encodings the compressed variants ask for. */
export const ENCODINGS = ['br', 'gzip'] as const;

/** Distinct requests of the search class. */
const SEARCHES = 60;

/** Page size for search when the directory supports `limit`. */
export const SEARCH_LIMIT = 20;

/** A path with a query string, or the path alone when the query is empty. */
export const withQuery = (path: string, query: Record<string, string>) =>
  Object.keys(query).length === 0 ? path : `${path}?${new URLSearchParams(query).toString()}`;

export type Item = { slug?: unknown; name?: unknown; title?: unknown };
export const itemsOf = async (baseUrl: string, path: string): Promise<Item[]> =>
  ((await fetchJson(baseUrl, path)) as { payload: { items: Item[] } }).payload.items;

/**
 * The entry with the shortest slug (the first of equals): the same entry at every scale, since
 * synthetic copies only lengthen slugs, so 1× and 100× figures compare like with like.
 */
export function shortestSlug(items: readonly Item[]): Item & { slug: string } {
  const withSlugs = items.filter((item): item is Item & { slug: string } => typeof item.slug === 'string');
  if (withSlugs.length === 0) throw new Error('the directory has no entries');
  return withSlugs.reduce((best, item) => (item.slug.length < best.slug.length ? item : best));
}

/** Distinct lower-case words (`minLength`+ letters, no digits) of the items' display names. */
export function nameWords(items: readonly Item[], minLength = 4): string[] {
  const words = items
    .map((item) => item.name ?? item.title)
    .filter((text): text is string => typeof text === 'string')
    .flatMap((text) => text.toLowerCase().split(/[^\p{L}]+/u))
    .filter((word) => word.length >= minLength);
  return [...new Set(words)];
}

/** `count` distinct searches, taken in turn from every directory that has `q`, with `limit` where supported. */
async function searchRequests(baseUrl: string, count: number): Promise<BenchRequest[]> {
  const directories = ROUTES.filter((candidate) => !candidate.detail && candidate.params.some((param) => param.kind === 'text'));
  const words = await Promise.all(directories.map(async (directory) => nameWords(await itemsOf(baseUrl, directory.path))));
  const requests: BenchRequest[] = [];
  for (let round = 0; requests.length < count && words.some((list) => round < list.length); round += 1) {
    directories.forEach((directory, index) => {
      const word = words[index]![round];
      if (word === undefined || requests.length >= count) return;
      const limited = isPaginated(directory);
      const query = { [PARAM_NAMES.text]: word, ...(limited ? { [PARAM_NAMES.limit]: String(SEARCH_LIMIT) } : {}) };
      requests.push({ path: withQuery(directory.path, query), headers: {} });
    });
  }
  if (requests.length < count) throw new Error(`only ${requests.length} distinct searches could be built, ${count} asked`);
  return requests;
}

/** A stylesheet of the build (else a script): Astro's hashed assets under client/_astro. */
function staticAsset(distDir: string): string {
  const files = readdirSync(join(distDir, 'client', '_astro')).sort();
  const file = files.find((name) => name.endsWith('.css')) ?? files.find((name) => name.endsWith('.js'));
  if (!file) throw new Error(`no CSS or JS file in ${distDir}/client/_astro`);
  return `/_astro/${file}`;
}

const single = (id: string, path: string, headers: Record<string, string> = {}, status = 200): BenchClass => ({
  id,
  requests: [{ path, headers }],
  status,
});

/**
 * A 2026-07-28 tools/call of get_entry for the detail class's project: the same data through MCP
 * (stateless, so every request stands alone with its protocol envelope).
 */
function mcpDetail(slug: string): BenchClass {
  const { headers, body } = modernToolCall(1, 'get_entry', { collection: 'projects', slug });
  return {
    id: 'mcp',
    requests: [{ path: MCP_PATH, method: 'POST', headers, body }],
    status: 200,
  };
}

/** Every class, in table order. */
export async function benchClasses(baseUrl: string, distDir: string, searches = SEARCHES): Promise<BenchClass[]> {
  const stacks = apiUrl('listStacks');
  const project = shortestSlug(await itemsOf(baseUrl, apiUrl('listProjects')));
  const category = shortestSlug(await itemsOf(baseUrl, apiUrl('listCategories')));
  const page = pageUrl('projects', project.slug);
  const asset = staticAsset(distDir);
  const etag = (await fetchRaw(baseUrl, { path: stacks, headers: {} })).headers['etag'];
  if (typeof etag !== 'string') throw new Error(`${stacks} sent no ETag`);

  const plain = [
    single('default', stacks),
    single('detail', apiUrl('getProject', project.slug)),
    single('filter', withQuery(stacks, { [PARAM_NAMES.category]: category.slug })),
    { id: 'search', requests: await searchRequests(baseUrl, searches), status: 200 },
    single('304', stacks, { 'if-none-match': etag }, 304),
    single('html', page),
    single('asset', asset),
  ];
  // Every class again as a client accepting only br, then only gzip.
  const compressed = ENCODINGS.flatMap((encoding) =>
    plain.map((item): BenchClass => ({
      ...item,
      id: `${item.id}-${encoding}`,
      requests: item.requests.map((request) => ({ ...request, headers: { ...request.headers, 'accept-encoding': encoding } })),
    })),
  );
  // MCP is measured uncoded, beside the detail class.
  return [...plain, mcpDetail(project.slug), ...compressed];
}
