/** Adapts `respond` to Astro endpoints, so each file under src/pages/api/ is one line. */
import type { APIRoute } from 'astro';
import { getCatalog } from '../catalog/index.ts';
import { respond } from './respond.ts';

/** Answers any method through `respond`; read-only semantics live there, not in Astro. */
const handle: APIRoute = async ({ request }) => {
  const url = new URL(request.url);
  const result = respond(
    { method: request.method, url: `${url.pathname}${url.search}`, header: (name) => request.headers.get(name) },
    await getCatalog(),
  );
  return new Response(result.body, { status: result.status, headers: result.headers });
};

/** Every method an endpoint file exports. HEAD is explicit: ALL would capture it too. */
export { handle as GET, handle as HEAD, handle as OPTIONS, handle as ALL };
