/**
 * The MCP fast path keeps the SDK's whole answer, status and fields with the body, and replays them
 * (src/mcp/fast-path.ts): an SDK that adds a field or another 2xx status is repeated as it answered,
 * but for the framing node:http writes itself.
 */
import { describe, expect, it } from 'vitest';
import { toolCallFastPath } from '../../src/mcp/fast-path.ts';
import { modernToolCall } from '../../src/mcp/tool-call.ts';
import { toolListings } from '../../src/mcp/tools.ts';
import { testCatalog } from '../support/contract.ts';

describe('the MCP fast path', () => {
  it("replays the SDK's status and fields with its body, under the call's own id", () => {
    const catalog = testCatalog();
    const fast = toolCallFastPath(catalog);
    const tool = toolListings(catalog).find((listing) => listing.name === 'get_entry')!;
    const args = tool.inputSchema.examples[0]!;
    const asked = (id: number) => {
      const { headers, body } = modernToolCall(id, tool.name, args);
      const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
      return fast.parse(lower, body)!;
    };
    const first = asked(1);
    expect(first).toBeDefined();
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { content: [], isError: false } });
    const fields: [string, string][] = [
      ['content-type', 'application/json'],
      ['x-sdk-field', 'kept'],
      ['content-length', String(body.length)],
      ['date', 'Fri, 27 Nov 2026 14:00:00 GMT'],
    ];
    // The cache keeps an answer the second time it is set.
    for (let time = 0; time < 2; time += 1) fast.remember(first, 200, fields, body);
    const replayed = fast.answer(asked(7));
    expect(replayed).toEqual({
      status: 200,
      headers: ['content-type', 'application/json', 'x-sdk-field', 'kept'],
      body: body.replace('"id":1', '"id":7'),
      isError: false,
    });
  });
});
