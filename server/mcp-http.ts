/**
 * The MCP endpoint over node:http: the checks the transport spec asks of the server in front of the
 * SDK's handler (built from the API bundle, src/mcp/server.ts): Origin (403), body size (413), and
 * methods (only POST carries MCP messages; OPTIONS is every path's CORS preflight; GET and the rest
 * get 405). The SDK answers the rest, malformed JSON included (-32700 with 400).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NodeIncomingMessageLike, NodeMcpRequestHandler } from '@modelcontextprotocol/node';
import type { Service } from '../src/api/adapter.ts';
import type { WorkerCache } from '../src/api/cache-kinds.ts';
import type { Catalog } from '../src/catalog/catalog.ts';
import type * as ApiBundle from '../src/integrations/server-bundle.ts';
import type { ToolCallObserver } from '../src/mcp/server.ts';

/** JSON-RPC's Invalid Request (src/routes/mcp-endpoint.ts) with an HTTP status; `body` is the bundle's rpcErrorBody. */
export function rpcError(
  res: ServerResponse,
  body: (message: string) => string,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers }).end(body(message));
}

/** Builds the /mcp listener for one loaded build: its tools answer from the worker's cache, as its API does. */
export function createMcpListener(
  { api, catalog, cache, service }: { api: typeof ApiBundle; catalog: Catalog; cache: WorkerCache; service: Service },
  metrics: { recordMcpToolCall: ToolCallObserver } | null = null,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const onToolCall = metrics ? metrics.recordMcpToolCall.bind(metrics) : undefined;
  // The SDK and its Node adapter load on the first MCP request, not with every worker: a worker
  // starts (or, in a crash loop, fails) as fast as before.
  let sdk: Promise<NodeMcpRequestHandler> | undefined;
  const handler = () =>
    (sdk ??= import('@modelcontextprotocol/node').then(({ toNodeHandler }) =>
      toNodeHandler(api.createMcpFetchHandler(catalog, cache, onToolCall, service)),
    ));

  return async function mcp(req, res) {
    // Every path's preflight (src/api/response-policy.ts): it allows no JSON POST from another origin.
    if (req.method === 'OPTIONS') return void res.writeHead(204, api.PREFLIGHT_HEADERS).end();
    res.setHeader('Cache-Control', 'no-store');
    if (!api.originAllowed(req.headers.origin, req.socket.localPort)) {
      return rpcError(res, api.rpcErrorBody, 403, 'Forbidden: this Origin may not call the MCP endpoint.');
    }
    if (req.method !== 'POST') {
      const message = 'Method not allowed: send MCP messages with POST (this server keeps no streams or sessions).';
      return rpcError(res, api.rpcErrorBody, 405, message, { Allow: 'POST' });
    }
    if (Number(req.headers['content-length'] ?? 0) > api.MCP_MAX_BODY_BYTES) {
      // Close the connection rather than read a body nobody wants.
      res.setHeader('Connection', 'close');
      return rpcError(res, api.rpcErrorBody, 413, `Request body too large: the limit is ${api.MCP_MAX_BODY_BYTES} bytes.`);
    }
    try {
      // node:http gives every server request a method; the SDK's type has no room for undefined.
      await (
        await handler()
      )(req as NodeIncomingMessageLike, res);
    } catch {
      if (!res.headersSent) rpcError(res, api.rpcErrorBody, 400, 'Invalid request.');
      else res.destroy();
    }
  };
}
