/**
 * The MCP server over the catalog, on the official SDK: a fresh low-level `Server` per request
 * (nothing kept between requests, so any worker answers any request), with the tools of tools.ts
 * and every page's Markdown twin, in every language, as a resource. `createMcpFetchHandler` serves 2026-07-28 requests
 * statelessly and 2025-era requests through the SDK's stateless fallback (initialize without a session).
 */
import {
  createMcpHandler,
  isLegacyRequest,
  ProtocolError,
  ProtocolErrorCode,
  McpServer,
  ResourceNotFoundError,
  WebStandardStreamableHTTPServerTransport,
  type McpHandlerRequestOptions,
  type Tool,
} from '@modelcontextprotocol/server';
import type { Service } from '../api/adapter.ts';
import type { WorkerCache } from '../api/cache-kinds.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { markdownTwins, type MarkdownTwin } from '../discovery/markdown-twins.ts';
import { LOCALES } from '../schemas/common.ts';
import { LOCALE_SEGMENTS } from '../routes/locale-paths.ts';
import { SITE_NAME, SITE_VERSION, configuredSiteUrl, siteUrl } from '../site/config.ts';
import {
  MCP_CACHE_HINTS,
  MCP_MAX_BODY_BYTES,
  MCP_PROTOCOL_VERSIONS,
  MCP_RESOURCE_LANGUAGE_META,
  MCP_RESOURCE_PAGE_SIZE,
  MCP_SERVER_NAME,
  mcpResourceUri,
} from '../routes/mcp-endpoint.ts';
import { callTool, toolListings } from './tools.ts';

/** Where each language's pages live, as the instructions say it: `en-US at /, pt-BR under /pt-br/`. */
const LANGUAGE_PLACES = LOCALES.map((locale) => {
  const segment = LOCALE_SEGMENTS[locale];
  return segment === undefined ? `${locale} at /` : `${locale} under /${segment}/`;
}).join(', ');

/** What the server tells a client about itself at the start. */
const INSTRUCTIONS = `${SITE_NAME}'s public catalog, read-only. Use search_catalog to find anything, get_entry for one entry, list_directory to list and filter a directory, get_document for the contract, the catalog or the audit. Every page of the site is also a Markdown resource, in each of its languages (${LANGUAGE_PLACES}).`;

/** A twin as a resource, in its language: its URL is its URI (no host without SITE_URL: mcpResourceUri). */
const resourceOf = (twin: MarkdownTwin, base: string | undefined) => ({
  uri: mcpResourceUri(twin.path, base),
  name: twin.path,
  title: twin.page.title[twin.locale],
  description: twin.page.description[twin.locale],
  mimeType: 'text/markdown',
  _meta: { [MCP_RESOURCE_LANGUAGE_META]: twin.locale },
});

/** The offset a resources/list cursor stands for; a cursor the server did not give is invalid params. */
function offsetOf(cursor: string | undefined, total: number): number {
  if (cursor === undefined) return 0;
  const offset = /^\d{1,6}$/.test(cursor) ? Number(cursor) : Number.NaN;
  if (!(offset > 0 && offset < total)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid cursor: ${cursor.slice(0, 40)}`);
  return offset;
}

/**
 * One request's server instance. The tools and resources are answered by handlers on the low-level
 * server rather than registerTool/registerResource: the schemas are JSON Schemas built once from the
 * route table (registerTool wants Zod shapes and would rebuild them per request), and resources/list
 * pages with a cursor, which registered resources do not.
 */
function serverFor(catalog: Catalog, cache: WorkerCache, onToolCall: ToolCallObserver | undefined, service?: Service): McpServer {
  const base = configuredSiteUrl();
  const twins = markdownTwins(catalog, base);
  const mcp = new McpServer(
    { name: MCP_SERVER_NAME, title: `${SITE_NAME} catalog`, version: SITE_VERSION },
    {
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
      instructions: INSTRUCTIONS,
      cacheHints: MCP_CACHE_HINTS,
    },
  );
  const server = mcp.server;
  // The listings are plain JSON (JSON Schemas built from the Zod schemas); the SDK's type wants JSON values.
  server.setRequestHandler('tools/list', () => ({ tools: toolListings(catalog) as unknown as Tool[] }));
  server.setRequestHandler('tools/call', (request) => {
    const result = callTool(catalog, cache, request.params.name, request.params.arguments, service);
    // An unknown name is counted as `unknown`: clients choose names, the metric's labels stay bounded.
    onToolCall?.(result ? request.params.name : 'unknown', result && !result.isError ? 'ok' : 'error');
    if (!result) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name.slice(0, 60)}`);
    return result;
  });
  server.setRequestHandler('resources/list', (request) => {
    const offset = offsetOf(request.params?.cursor, twins.length);
    const page = twins.slice(offset, offset + MCP_RESOURCE_PAGE_SIZE);
    const next = offset + MCP_RESOURCE_PAGE_SIZE;
    return { resources: page.map((twin) => resourceOf(twin, base)), ...(next < twins.length ? { nextCursor: String(next) } : {}) };
  });
  server.setRequestHandler('resources/read', (request) => {
    const twin = twins.find((item) => mcpResourceUri(item.path, base) === request.params.uri);
    // The 2026-07-28 revision's resource-not-found (SEP-2164): -32602 with the URI as `data.uri`, which
    // tells it from a bad argument (a bare -32602); ResourceNotFoundError is the SDK's spelling of it.
    if (!twin)
      throw new ResourceNotFoundError(
        request.params.uri,
        `Resource not found: ${request.params.uri.slice(0, 200)}. resources/list lists every resource.`,
      );
    return {
      contents: [
        { uri: request.params.uri, mimeType: 'text/markdown', text: twin.markdown, _meta: { [MCP_RESOURCE_LANGUAGE_META]: twin.locale } },
      ],
    };
  });
  return mcp;
}

/** Told of every tool call the SDK answers: the tool (or `unknown`) and whether it succeeded. */
export type ToolCallObserver = (tool: string, outcome: 'ok' | 'error') => void;

/**
 * The MCP handler for a catalog, its tools answered from `cache` (the worker's, as its API): JSON responses, no sessions, 1 MB bodies. 2026-07-28 requests go to
 * the SDK's stateless entry; 2025-era requests (initialize, then calls without a session) to a fresh
 * stateless transport in JSON mode, as the SDK documents for hand-wired legacy serving: its own
 * fallback would answer them as event streams.
 */
export function createMcpFetchHandler(catalog: Catalog, cache: WorkerCache, onToolCall?: ToolCallObserver, service?: Service) {
  const modern = createMcpHandler(() => serverFor(catalog, cache, onToolCall, service), {
    legacy: 'reject',
    // 'auto' answers JSON unless a handler sends a message before its result, which none of ours does
    // ('json' would say so on every start, warning that mid-call notifications are dropped).
    responseMode: 'auto',
    maxRequestBodySize: MCP_MAX_BODY_BYTES,
  });
  const legacy = async (request: Request, options?: McpHandlerRequestOptions): Promise<Response> => {
    const server = serverFor(catalog, cache, onToolCall, service);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, options);
    } finally {
      void server.close();
    }
  };
  const modernVersions = new Set<string>(MCP_PROTOCOL_VERSIONS.filter((version) => version >= '2026'));
  return {
    fetch: async (request: Request, options?: McpHandlerRequestOptions): Promise<Response> => {
      // A 2026-07-28 request names its version in a header: no need to read the body twice to classify it.
      if (modernVersions.has(request.headers.get('mcp-protocol-version') ?? '')) return modern.fetch(request, options);
      return (await isLegacyRequest(request, options?.parsedBody, { maxRequestBodySize: MCP_MAX_BODY_BYTES }))
        ? legacy(request, options)
        : modern.fetch(request, options);
    },
  };
}

/** Host names of this machine's loopback interface. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * DNS-rebinding protection (the transport spec's MUST): a browser request's Origin must be the
 * site's own (SITE_URL) or this server itself on loopback (its own port, as a local client or the
 * workbench in development sees it). The Host header proves nothing here: a rebinding attack
 * controls it. A request without Origin (not a browser) is served.
 */
export function originAllowed(origin: string | undefined, localPort: number | undefined, base = siteUrl()): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(base).origin) return true;
  const port = parsed.port === '' ? (parsed.protocol === 'https:' ? 443 : 80) : Number(parsed.port);
  return parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname) && port === localPort;
}
