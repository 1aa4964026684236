/**
 * The MCP server over the catalog, on the official SDK: a fresh server per request (nothing kept
 * between requests, so any worker answers any request), with the tools of tools.ts and every page's
 * Markdown twin, in every language, as a resource.
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

const INSTRUCTIONS = `${SITE_NAME}'s public catalog, read-only. Use search_catalog to find anything, get_entry for one entry, list_directory to list and filter a directory, get_document for the contract, the catalog or the audit. Every page of the site is also a Markdown resource, in each of its languages (${LANGUAGE_PLACES}).`;

/** A resource's language, in the `_meta` key of ours that names it. */
const languageMeta = (twin: MarkdownTwin) => ({ [MCP_RESOURCE_LANGUAGE_META]: twin.locale });

/** A twin as a resource, in its language: its URL is its URI (no host without SITE_URL: mcpResourceUri). */
const resourceOf = (twin: MarkdownTwin, base: string | undefined) => ({
  uri: mcpResourceUri(twin.path, base),
  name: twin.path,
  title: twin.page.title[twin.locale],
  description: twin.page.description[twin.locale],
  mimeType: 'text/markdown',
  _meta: languageMeta(twin),
});

/** The offset a resources/list cursor stands for; a cursor the server did not give is invalid params. */
function offsetOf(cursor: string | undefined, total: number): number {
  if (cursor === undefined) return 0;
  const offset = /^\d{1,6}$/.test(cursor) ? Number(cursor) : Number.NaN;
  if (!(offset > 0 && offset < total)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid cursor: ${cursor.slice(0, 40)}`);
  return offset;
}

/**
 * One request's server. Handlers on the low-level server rather than registerTool/registerResource:
 * the tools' JSON Schemas are built once (registerTool would rebuild Zod shapes per request), and
 * resources/list pages with a cursor, which registered resources do not.
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
  // The listings are plain JSON (JSON Schemas built from the Zod schemas); the SDK's type wants JSON values.
  mcp.server.setRequestHandler('tools/list', () => ({ tools: toolListings(catalog) as unknown as Tool[] }));
  mcp.server.setRequestHandler('tools/call', (request) => {
    const result = callTool(catalog, cache, request.params.name, request.params.arguments, service);
    // An unknown name is counted as `unknown`: clients choose names, the metric's labels stay bounded.
    onToolCall?.(result ? request.params.name : 'unknown', result && !result.isError ? 'ok' : 'error');
    if (!result) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name.slice(0, 60)}`);
    return result;
  });
  mcp.server.setRequestHandler('resources/list', (request) => {
    const offset = offsetOf(request.params?.cursor, twins.length);
    const page = twins.slice(offset, offset + MCP_RESOURCE_PAGE_SIZE);
    const next = offset + MCP_RESOURCE_PAGE_SIZE;
    return { resources: page.map((twin) => resourceOf(twin, base)), ...(next < twins.length ? { nextCursor: String(next) } : {}) };
  });
  mcp.server.setRequestHandler('resources/read', ({ params: { uri } }) => {
    const twin = twins.find((item) => mcpResourceUri(item.path, base) === uri);
    // The 2026-07-28 resource-not-found (SEP-2164): -32602 with the URI as `data.uri`, told apart from a bad argument.
    if (!twin) throw new ResourceNotFoundError(uri, `Resource not found: ${uri.slice(0, 200)}. resources/list lists every resource.`);
    return { contents: [{ uri, mimeType: 'text/markdown', text: twin.markdown, _meta: languageMeta(twin) }] };
  });
  return mcp;
}

/** Told of every tool call the SDK answers: the tool (or `unknown`) and whether it succeeded. */
export type ToolCallObserver = (tool: string, outcome: 'ok' | 'error') => void;

/**
 * The MCP handler for a catalog, its tools answered from the worker's `cache`: JSON, no sessions. A
 * 2025-era request gets a fresh stateless transport in JSON mode (the SDK's own fallback would stream).
 */
export function createMcpFetchHandler(catalog: Catalog, cache: WorkerCache, onToolCall?: ToolCallObserver, service?: Service) {
  const modern = createMcpHandler(() => serverFor(catalog, cache, onToolCall, service), {
    legacy: 'reject',
    // 'auto' answers JSON unless a handler sends a message before its result, which none of ours does
    // ('json' would warn on every start that mid-call notifications are dropped).
    responseMode: 'auto',
    maxRequestBodySize: MCP_MAX_BODY_BYTES,
  });
  const modernVersions = new Set<string>(MCP_PROTOCOL_VERSIONS.filter((version) => version >= '2026'));
  return {
    fetch: async (request: Request, options?: McpHandlerRequestOptions): Promise<Response> => {
      // A request that names a 2026 version in its header is modern, whatever its body.
      const legacy =
        !modernVersions.has(request.headers.get('mcp-protocol-version') ?? '') &&
        (await isLegacyRequest(request, options?.parsedBody, { maxRequestBodySize: MCP_MAX_BODY_BYTES }));
      if (!legacy) return modern.fetch(request, options);
      const server = serverFor(catalog, cache, onToolCall, service);
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await server.connect(transport);
      try {
        return await transport.handleRequest(request, options);
      } finally {
        void server.close();
      }
    },
  };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * DNS-rebinding protection (the transport spec's MUST): a browser's Origin must be the site's own
 * or this server itself on loopback (its own port); a request without Origin (not a browser) is
 * served. The Host header proves nothing here: a rebinding attack controls it.
 */
export function originAllowed(origin: string | undefined, localPort: number | undefined, base = siteUrl()): boolean {
  if (origin === undefined) return true;
  const parsed = URL.parse(origin);
  if (parsed === null) return false;
  if (parsed.origin === new URL(base).origin) return true;
  const port = parsed.port === '' ? 80 : Number(parsed.port);
  return parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname) && port === localPort;
}
