/**
 * The MCP endpoint over node:http: the checks the transport spec asks of the server in front of the
 * SDK's handler (src/mcp/server.ts, in the API bundle): Origin (403), methods (405: only POST carries
 * MCP messages) and body size (413). The SDK answers the rest, malformed JSON included.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toNodeHandler, type NodeIncomingMessageLike } from '@modelcontextprotocol/node';
import type { Service } from '../src/api/adapter.ts';
import type { WorkerCache } from '../src/api/cache-kinds.ts';
import type { Catalog } from '../src/catalog/catalog.ts';
import type * as ApiBundle from '../src/integrations/server-bundle.ts';
import type { ToolCallObserver } from '../src/mcp/server.ts';

/** Refuses a request before the SDK reads it: `body` is the bundle's rpcErrorBody (JSON-RPC's Invalid Request). */
export function rpcError(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers }).end(body);
}

/** Builds the /mcp listener for one loaded build: its tools answer from the worker's cache, as its API does. */
export function createMcpListener(
  { api, catalog, cache, service }: { api: typeof ApiBundle; catalog: Catalog; cache: WorkerCache; service: Service },
  metrics: { recordMcpToolCall: ToolCallObserver } | null,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const handler = toNodeHandler(api.createMcpFetchHandler(catalog, cache, metrics?.recordMcpToolCall, service));
  return async function mcp(req, res) {
    // Every path's preflight (src/api/response-policy.ts): it allows no JSON POST from another origin.
    if (req.method === 'OPTIONS') return void res.writeHead(204, api.PREFLIGHT_HEADERS).end();
    res.setHeader('Cache-Control', 'no-store');
    if (!api.originAllowed(req.headers.origin, req.socket.localPort))
      return rpcError(res, 403, api.rpcErrorBody('Forbidden: this Origin may not call the MCP endpoint.'));
    if (req.method !== 'POST') {
      const message = 'Method not allowed: send MCP messages with POST (this server keeps no streams or sessions).';
      return rpcError(res, 405, api.rpcErrorBody(message), { Allow: 'POST' });
    }
    if (Number(req.headers['content-length'] ?? 0) > api.MCP_MAX_BODY_BYTES) {
      // Close the connection rather than read a body nobody wants.
      res.setHeader('Connection', 'close');
      return rpcError(res, 413, api.rpcErrorBody(`Request body too large: the limit is ${api.MCP_MAX_BODY_BYTES} bytes.`));
    }
    try {
      // node:http gives every server request a method; the SDK's type has no room for undefined.
      await handler(req as NodeIncomingMessageLike, res);
    } catch {
      if (!res.headersSent) rpcError(res, 400, api.rpcErrorBody('Invalid request.'));
      else res.destroy();
    }
  };
}
