/**
 * Calls written against types that openapi-typescript generates from the bare contract
 * (openapi.gen.ts, written by tests/server/typed-client.loopback.test.ts; not committed). The test runs
 * tsc on this file first: if the contract stops describing what these calls send or read, the
 * type check fails before any request is made.
 */
import createClient from 'openapi-fetch';
import type { paths } from './openapi.gen.ts';

type ProjectSlug = paths['/api/projects/{slug}']['get']['parameters']['path']['slug'];

/** A directory, a detail, a filter and an error, as an unmodified typed client makes them. */
export async function typedCalls(baseUrl: string) {
  const client = createClient<paths>({ baseUrl });

  const directory = await client.GET('/api/projects');
  const items = directory.data?.payload.items ?? [];
  // A slug the directory returned is a slug the detail path accepts; the types cannot know that.
  const slug = items[0]?.slug as ProjectSlug;

  const detail = await client.GET('/api/projects/{slug}', { params: { path: { slug } } });
  // lang in any case: the contract says so, as the server reads it.
  const filter = await client.GET('/api/projects', { params: { query: { capability: 'api-design', lang: 'pt-br' } } });
  const head = await client.HEAD('/api/projects', { parseAs: 'text' });
  // Length is not part of the type, so this request type-checks and the server refuses it.
  const error = await client.GET('/api/projects', { params: { query: { q: 'x'.repeat(101) } } });

  // Errors are envelopes, but a 500 may also be the server's one-line text: the types say so.
  const problem = typeof error.error === 'object' ? error.error : undefined;

  return {
    directory: { status: directory.response.status, count: directory.data?.payload.count, slugs: items.map((item) => item.slug) },
    detail: { status: detail.response.status, slug: detail.data?.payload.slug, name: detail.data?.payload.name },
    filter: {
      status: filter.response.status,
      language: filter.response.headers.get('content-language'),
      capabilities: filter.data?.payload.items.map((item) => item.capabilities),
    },
    error: { status: error.response.status, code: problem?.error.code, parameter: problem?.error.parameter },
    head: { status: head.response.status, length: head.response.headers.get('content-length'), body: head.data ?? '' },
  };
}

/** Never called: requests the contract's types must refuse, checked by tsc through @ts-expect-error. */
export function refusedByTypes(client: ReturnType<typeof createClient<paths>>) {
  // @ts-expect-error -- audience is a string (a closed set in any case: a pattern, checked at run time).
  void client.GET('/api/journeys', { params: { query: { audience: 1 } } });
  // @ts-expect-error -- limit is an integer.
  void client.GET('/api/projects', { params: { query: { limit: 'ten' } } });
  // @ts-expect-error -- /api/projects accepts no `owner` filter.
  void client.GET('/api/projects', { params: { query: { owner: 'brand' } } });
}
