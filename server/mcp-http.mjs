// @ts-check
/**
 * The MCP endpoint over node:http: the checks the transport spec asks of the server in front of the
 * SDK's handler (built from the API bundle, src/mcp/server.ts): Origin (403), body size (413), and
 * methods (only POST carries MCP messages; GET and the rest get 405). The SDK answers the rest,
 * malformed JSON included (-32700 with 400).
 */

/**
 * JSON-RPC's Invalid Request (src/routes/mcp-endpoint.ts) with an HTTP status.
 * @param {import('node:http').ServerResponse} res @param {(message: string) => string} body the bundle's rpcErrorBody
 * @param {number} status @param {string} message @param {Record<string, string>} [headers]
 */
export function rpcError(res, body, status, message, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers }).end(body(message));
}

/**
 * The body of a request whose Content-Length is known and small (the fast path's candidates).
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<string>}
 */
async function readBody(req) {
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The request again, for the SDK's Node adapter, once its body has been read here: the adapter
 * takes any async iterable with the request's method, URL and headers.
 * @param {import('node:http').IncomingMessage} req
 * @param {string} body
 * @returns {import('@modelcontextprotocol/node').NodeIncomingMessageLike}
 */
function replayed(req, body) {
  return {
    method: req.method ?? 'POST',
    url: req.url ?? '/',
    headers: req.headers,
    async *[Symbol.asyncIterator]() {
      yield Buffer.from(body);
    },
  };
}

/**
 * Builds the /mcp listener for one loaded build.
 * @param {Pick<import('./load-build.mjs').Build, 'api' | 'catalog'>} build
 * @param {{ recordMcpToolCall: (tool: string, outcome: 'ok' | 'error') => void } | null} [metrics]
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>}
 */
export function createMcpListener({ api, catalog }, metrics = null) {
  const onToolCall = metrics ? metrics.recordMcpToolCall.bind(metrics) : undefined;
  // The SDK and its Node adapter load on the first MCP request, not with every worker: a worker
  // starts (or, in a crash loop, fails) as fast as before.
  /** @type {Promise<{ node: import('@modelcontextprotocol/node').NodeMcpRequestHandler, fetch: (req: import('@modelcontextprotocol/node').NodeIncomingMessageLike) => Promise<Response> }> | undefined} */
  let sdk;
  const loadSdk = () =>
    (sdk ??= import('@modelcontextprotocol/node').then(({ toNodeHandler, toWebRequest }) => {
      const handler = api.createMcpFetchHandler(catalog, onToolCall);
      return {
        node: toNodeHandler(handler),
        fetch: async (req) => handler.fetch(await toWebRequest(req)),
      };
    }));

  /**
   * A fast-path candidate: the kept answer, or the SDK's answer (kept for the next identical call).
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  async function candidate(req, res) {
    const body = await readBody(req);
    // A repeated 2026-07-28 tools/call is answered from the SDK's own earlier answer (src/mcp/fast-path.ts),
    // built on the first candidate (its validators and the tool listings), not with every worker.
    const fast = api.toolCallFastPath(catalog);
    const call = fast.parse(req.headers, body);
    if (!call) return (await loadSdk()).node(replayed(req, body), res);
    const kept = fast.answer(call);
    if (kept) {
      onToolCall?.(call.tool, kept.isError ? 'error' : 'ok');
      // The SDK's own status and fields; the body is the SDK's bytes with this call's id.
      return void res.writeHead(kept.status, [...kept.headers, 'content-length', String(Buffer.byteLength(kept.body))]).end(kept.body);
    }
    const response = await (await loadSdk()).fetch(replayed(req, body));
    const text = await response.text();
    if (response.status === 200 && response.headers.get('content-type') === 'application/json')
      fast.remember(call, response.status, response.headers, text);
    res.writeHead(response.status, Object.fromEntries(response.headers)).end(text);
  }

  return async function mcp(req, res) {
    res.setHeader('Cache-Control', 'no-store');
    if (!api.originAllowed(req.headers.origin, req.socket.localPort)) {
      return rpcError(res, api.rpcErrorBody, 403, 'Forbidden: this Origin may not call the MCP endpoint.');
    }
    if (req.method !== 'POST') {
      if (req.method === 'OPTIONS') return void res.writeHead(204, { Allow: 'POST' }).end();
      return rpcError(
        res,
        api.rpcErrorBody,
        405,
        'Method not allowed: send MCP messages with POST (this server keeps no streams or sessions).',
        {
          Allow: 'POST',
        },
      );
    }
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > api.MCP_MAX_BODY_BYTES) {
      // Close the connection rather than read a body nobody wants.
      res.setHeader('Connection', 'close');
      return rpcError(res, api.rpcErrorBody, 413, `Request body too large: the limit is ${api.MCP_MAX_BODY_BYTES} bytes.`);
    }
    try {
      if (api.isFastPathCandidate(req.method, req.headers)) return await candidate(req, res);
      // The SDK types `method` as always present; node:http's IncomingMessage has it for every server request.
      await (
        await loadSdk()
      ).node(/** @type {import('@modelcontextprotocol/node').NodeIncomingMessageLike} */ (/** @type {unknown} */ (req)), res);
    } catch {
      if (!res.headersSent) rpcError(res, api.rpcErrorBody, 400, 'Invalid request.');
      else res.destroy();
    }
  };
}
