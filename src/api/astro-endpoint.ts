/**
 * The Astro endpoints of src/pages/api/ (what `astro dev` answers): each names its route and hands the
 * request to `answerApi`. In a build they answer the site's 404 (the server answers the API), and the
 * API code loads only in dev, so Astro's server bundle holds no second copy of the API or catalog.
 */
import type { APIRoute } from 'astro';
import type { RouteId } from '../routes/routes.ts';
import type { ApiResponse } from './respond.ts';

/** The dev server's answerer: the process's catalog and the one cache it answers from, made with the first request. */
async function devAnswerer(): Promise<(request: Request) => ApiResponse> {
  const [{ answerApi }, { createWorkerCache }, { parseTarget }, { getCatalog }] = await Promise.all([
    import('./adapter.ts'),
    import('./cache-kinds.ts'),
    import('./request-target.ts'),
    import('../catalog/astro-catalog.ts'),
  ]);
  const [catalog, cache] = [await getCatalog(), createWorkerCache()];
  return (request) => answerApi(request.method, parseTarget(request.url), Object.fromEntries(request.headers), catalog, cache);
}

let answer: ReturnType<typeof devAnswerer> | undefined;

/** Answers any method through `answerApi`; read-only semantics live in `respond`, not in Astro. */
const handle: APIRoute = async ({ request }) => {
  // Astro renders its 404 page for an empty 404 from an endpoint.
  if (!import.meta.env.DEV) return new Response(null, { status: 404 });
  const result = (await (answer ??= devAnswerer()))(request);
  return new Response(result.body, { status: result.status, headers: result.headers });
};

/** Every method an endpoint file exports. HEAD is explicit: ALL would capture it too. */
type EndpointMethods = Record<'GET' | 'HEAD' | 'OPTIONS' | 'ALL', APIRoute>;

/**
 * The methods of the endpoint file serving `_routeId` (an operationId of the route table), or of the
 * catch-all with `null`: tsc refuses an unknown id, and matrix:check compares each file's id with its location.
 */
export function endpointFor(_routeId: RouteId | null): EndpointMethods {
  return { GET: handle, HEAD: handle, OPTIONS: handle, ALL: handle };
}
