/**
 * Where the MCP endpoint lives and what it is, as data beside the route table: discovery, llms.txt,
 * the workbench, the MCP server and the server bundle read it here.
 */

/** The MCP endpoint's path (Streamable HTTP, stateless). */
export const MCP_PATH = '/mcp';

/** Protocol revisions the endpoint serves: 2026-07-28 statelessly, 2025-11-25 with a handshake but no session. */
export const MCP_PROTOCOL_VERSIONS = ['2026-07-28', '2025-11-25'] as const;

/**
 * The JSON-RPC error body of an answer refused before the MCP server reads the message (an Origin, a
 * method, a body size, a malformed request): JSON-RPC's Invalid Request, with no id to echo. The
 * server (server/mcp-http.ts) and nginx's own errors on this path (deploy/nginx/) write it.
 */
export const rpcErrorBody = (message: string) => JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message } });

/**
 * Largest request body the endpoint reads; a larger one gets 413 before anything is parsed. A
 * message's arguments are at most 200 characters each, so 64 KiB holds any real request many times
 * over, while the SDK's parsing of a body costs CPU by its size (about 30-50 ms for 1 MiB).
 */
export const MCP_MAX_BODY_BYTES = 64 * 1024;

/** One line on what the endpoint offers, for llms.txt and the API catalog. */
export const MCP_SUMMARY =
  'Model Context Protocol server (Streamable HTTP, stateless, read-only): tools to search the catalog, get an entry, list a directory with filters and a cursor, and read a document; every page as a Markdown resource.';

/** The server's name in its serverInfo, its server card and its Agent Skill. */
export const MCP_SERVER_NAME = 'oficina-norte-catalog';

/** The server card's description: the draft caps it at 100 characters. */
export const MCP_CARD_DESCRIPTION = 'Read-only MCP server over a software studio catalog: search, entries, directories, documents.';

/** Resources per resources/list page. */
export const MCP_RESOURCE_PAGE_SIZE = 50;

/**
 * The `_meta` key that names a resource's language (a BCP 47 tag such as pt-BR): a resource has no
 * field of its own for it, and a key under the server's name is ours to define.
 */
export const MCP_RESOURCE_LANGUAGE_META = `${MCP_SERVER_NAME}/language`;

/**
 * How long a description of the server itself stays fresh, in seconds: its server card
 * (Cache-Control max-age, as the draft recommends) and, in milliseconds, the 2026-07-28 `ttlMs` of
 * server/discover and tools/list, which say the same things and change only with a release.
 */
export const MCP_DESCRIPTION_MAX_AGE_SECONDS = 3600;

/**
 * The 2026-07-28 cache hints of the cacheable results: every answer is the same for every client
 * (`public`, where the SDK defaults to `private`); the server's description keeps for
 * MCP_DESCRIPTION_MAX_AGE_SECONDS, the resources (the pages' twins) revalidate like the pages do.
 */
export const MCP_CACHE_HINTS = {
  'server/discover': { ttlMs: MCP_DESCRIPTION_MAX_AGE_SECONDS * 1000, cacheScope: 'public' },
  'tools/list': { ttlMs: MCP_DESCRIPTION_MAX_AGE_SECONDS * 1000, cacheScope: 'public' },
  'resources/list': { ttlMs: 0, cacheScope: 'public' },
  'resources/read': { ttlMs: 0, cacheScope: 'public' },
} as const;

/**
 * A page twin's URI as an MCP resource: its URL when SITE_URL names the host, else the path under
 * the server's own scheme (`oficina-norte-catalog:/about.md`). MCP wants a URI, and https is for what
 * a client can fetch itself: without SITE_URL the host is unknown, and localhost would be a guess.
 */
export function mcpResourceUri(path: string, base: string | undefined): string {
  return base === undefined ? `${MCP_SERVER_NAME}:${path}` : new URL(path, `${base}/`).href;
}
