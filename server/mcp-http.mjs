// @ts-check
/**
 * The MCP endpoint over node:http: the checks the transport spec asks of the server in front of the
 * SDK's handler (built from the API bundle, src/mcp/server.ts): Origin (403), body size (413), and
 * methods (only POST carries MCP messages; GET and the rest get 405). The SDK answers the rest,
 * malformed JSON included (-32700 with 400).
 */

/** @param {import('node:http').ServerResponse} res @param {number} status @param {number} code @param {string} message @param {Record<string, string>} [headers] */
function rpcError(res, status, code, message, headers = {}) {
  res
    .writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers })
    .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }));
}

/**
 * Builds the /mcp listener for one loaded build.
 * @param {Pick<import('./load-build.mjs').Build, 'api' | 'catalog'>} build
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>}
 */
export function createMcpListener({ api, catalog }) {
  // The SDK's Node adapter loads on the first MCP request, not with every worker: a worker starts
  // (or, in a crash loop, fails) as fast as before.
  /** @type {Promise<(req: import('@modelcontextprotocol/node').NodeIncomingMessageLike, res: import('node:http').ServerResponse) => Promise<void>> | undefined} */
  let handler;
  const handle = () =>
    (handler ??= import('@modelcontextprotocol/node').then(({ toNodeHandler }) => toNodeHandler(api.createMcpFetchHandler(catalog))));
  return async function mcp(req, res) {
    res.setHeader('Cache-Control', 'no-store');
    if (!api.originAllowed(req.headers.origin, req.socket.localPort)) {
      return rpcError(res, 403, -32600, 'Forbidden: this Origin may not call the MCP endpoint.');
    }
    if (req.method !== 'POST') {
      if (req.method === 'OPTIONS') return void res.writeHead(204, { Allow: 'POST' }).end();
      return rpcError(res, 405, -32600, 'Method not allowed: send MCP messages with POST (this server keeps no streams or sessions).', {
        Allow: 'POST',
      });
    }
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > api.MCP_MAX_BODY_BYTES) {
      // Close the connection rather than read a body nobody wants.
      res.setHeader('Connection', 'close');
      return rpcError(res, 413, -32600, `Request body too large: the limit is ${api.MCP_MAX_BODY_BYTES} bytes.`);
    }
    try {
      // The SDK types `method` as always present; node:http's IncomingMessage has it for every server request.
      await (
        await handle()
      )(/** @type {import('@modelcontextprotocol/node').NodeIncomingMessageLike} */ (/** @type {unknown} */ (req)), res);
    } catch {
      if (!res.headersSent) rpcError(res, 400, -32600, 'Invalid request.');
      else res.destroy();
    }
  };
}
