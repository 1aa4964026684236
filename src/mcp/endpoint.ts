/** Where the MCP endpoint lives and what it calls itself: discovery, llms.txt and the server read it here. */

/** The MCP endpoint's path (Streamable HTTP, stateless). */
export const MCP_PATH = '/mcp';

/** Protocol revisions the endpoint serves: 2026-07-28 statelessly, 2025-11-25 with a handshake but no session. */
export const MCP_PROTOCOL_VERSIONS = ['2026-07-28', '2025-11-25'] as const;

/** Largest request body the endpoint reads; a larger one gets 413 before anything is parsed. */
export const MCP_MAX_BODY_BYTES = 1024 * 1024;

/** One line on what the endpoint offers, for llms.txt and the API catalog. */
export const MCP_SUMMARY =
  'Model Context Protocol server (Streamable HTTP, stateless, read-only): tools to search the catalog, get an entry, list a directory with filters and a cursor, and read a document; every page as a Markdown resource.';

/**
 * A 2026-07-28 tools/call as a stateless client sends it: the envelope in `_meta`, and the version,
 * method and tool name repeated in headers (so a proxy can route without the body). For the
 * benchmark and the tests; the server's fast path takes exactly this shape.
 */
export function modernToolCall(
  id: string | number,
  name: string,
  args: Record<string, unknown>,
): { headers: Record<string, string>; body: string } {
  const version = MCP_PROTOCOL_VERSIONS[0];
  return {
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': version,
      'mcp-method': 'tools/call',
      'mcp-name': name,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: {
        name,
        arguments: args,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': version,
          'io.modelcontextprotocol/clientCapabilities': {},
          'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
        },
      },
    }),
  };
}
