/** A tools/call request as a stateless client sends it: for the benchmark and the tests. */
import { MCP_PROTOCOL_VERSIONS } from '../../src/routes/mcp-endpoint.ts';

/**
 * A 2026-07-28 tools/call as a stateless client sends it: the envelope in `_meta`, and the version,
 * method and tool name repeated in headers (so a proxy can route without the body).
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
