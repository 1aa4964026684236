/**
 * The API catalog at /.well-known/api-catalog (RFC 9727): a linkset (RFC 9264) that points agents
 * at the contract (service-desc), the reference (service-doc) and the health check (status), and
 * at the MCP endpoint, documented by llms.txt (its tools describe themselves over the protocol).
 */
import { CONTRACT_DOCUMENT_PATH, OPENAPI_MEDIA_TYPE } from '../routes/urls.ts';
import { ROUTES, routeById } from '../routes/routes.ts';
import { MCP_PATH, MCP_SUMMARY } from '../routes/mcp-endpoint.ts';
import { publicUrl } from '../site/config.ts';
import { FEED_ATOM_PATH, FEED_JSON_PATH, LLMS_TXT_PATH } from './paths.ts';

/** The well-known path RFC 9727 registers. */
export const API_CATALOG_PATH = '/.well-known/api-catalog';
/** RFC 9727 §4.2: the linkset's profile. */
export const API_CATALOG_PROFILE = 'https://www.rfc-editor.org/info/rfc9727';
/** The media type the catalog is served with (RFC 9264 linkset, RFC 9727 profile). */
export const API_CATALOG_MEDIA_TYPE = `application/linkset+json; profile="${API_CATALOG_PROFILE}"`;
/** The page that documents the API for people. */
export const API_REFERENCE_PATH = '/openapi/';

interface Link {
  href: string;
  type: string;
  title: string;
}

/** The path every route shares, such as /api/. */
function commonPrefix(paths: readonly string[]): string {
  const [first = '/', ...rest] = paths;
  let prefix = first.slice(0, first.lastIndexOf('/') + 1);
  while (!rest.every((path) => path.startsWith(prefix))) prefix = prefix.slice(0, prefix.slice(0, -1).lastIndexOf('/') + 1);
  return prefix;
}

/**
 * Builds the linkset with absolute URLs from `base`. Without one (a build made without SITE_URL)
 * every anchor and href is a relative reference, resolved against the catalog's own URL (RFC 9264
 * §4.2, RFC 3986 §5): right on whatever host serves it, where a guessed host would be wrong.
 */
export function buildApiCatalog(base: string | undefined) {
  const route = routeById;
  const api = publicUrl(commonPrefix(ROUTES.map((item) => item.path)), base);
  const link = (path: string, type: string, title: string): Link[] => [{ href: publicUrl(path, base), type, title }];
  const mcp = publicUrl(MCP_PATH, base);
  return {
    linkset: [
      { anchor: publicUrl(API_CATALOG_PATH, base), item: [{ href: api }, { href: mcp }] },
      {
        anchor: api,
        'service-desc': link(CONTRACT_DOCUMENT_PATH, OPENAPI_MEDIA_TYPE, 'OpenAPI 3.1 contract'),
        'service-doc': link(API_REFERENCE_PATH, 'text/html', 'API reference'),
        status: link(route('getHealth').path, 'application/json', route('getHealth').summary),
        // What changed in the catalog, for consumers who sync it (docs/history.md#feeds).
        alternate: [
          ...link(FEED_ATOM_PATH, 'application/atom+xml', 'Catalog changes (Atom)'),
          ...link(FEED_JSON_PATH, 'application/feed+json', 'Catalog changes (JSON Feed 1.1)'),
        ],
      },
      { anchor: mcp, 'service-doc': link(LLMS_TXT_PATH, 'text/plain', MCP_SUMMARY) },
    ],
  };
}
