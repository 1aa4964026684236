/**
 * /.well-known/api-catalog (RFC 9727). Rendered on request rather than prerendered: a static file
 * without an extension would be served as application/octet-stream, and RFC 9727 needs its own
 * media type. The production server answers it itself (servedDocuments in
 * src/integrations/server-bundle.ts), with a strong ETag and the files' open CORS; this route serves `astro dev`.
 */
import type { APIRoute } from 'astro';
import { API_CATALOG_MEDIA_TYPE, buildApiCatalog } from '../../discovery/api-catalog.ts';
import { configuredSiteUrl } from '../../site/config.ts';

export const prerender = false;
const handle: APIRoute = () =>
  new Response(JSON.stringify(buildApiCatalog(configuredSiteUrl())), {
    headers: { 'Content-Type': API_CATALOG_MEDIA_TYPE, 'Cache-Control': 'public, max-age=0, must-revalidate' },
  });
export { handle as GET, handle as HEAD };
