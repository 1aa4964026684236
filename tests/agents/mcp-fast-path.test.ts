/**
 * The MCP fast path keeps the SDK's whole answer, status and fields with the body, and replays them
 * (src/mcp/fast-path.ts): an SDK that adds a field or another 2xx status is repeated as it answered,
 * but for the framing node:http writes itself.
 */
import { describe, expect, it } from 'vitest';
import { classifyInboundRequest } from '@modelcontextprotocol/server';
import { isFastPathCandidate, toolCallFastPath } from '../../src/mcp/fast-path.ts';
import { modernToolCall } from '../../src/mcp/tool-call.ts';
import { toolListings } from '../../src/mcp/tools.ts';
import { testCatalog } from '../support/contract.ts';

/** The parts of a call a test changes: the message, its params and its envelope (`_meta`). */
interface CallParts {
  message: Record<string, unknown>;
  params: Record<string, unknown>;
  meta: Record<string, unknown>;
}

/** A get_entry call as modernToolCall writes it, its headers in lower case and its body changed by `change`. */
function changedCall(change: (parts: CallParts) => void, headerChanges: Record<string, string> = {}) {
  const catalog = testCatalog();
  const tool = toolListings(catalog).find((listing) => listing.name === 'get_entry')!;
  const { headers, body } = modernToolCall(1, tool.name, tool.inputSchema.examples[0]!);
  const message = JSON.parse(body) as Record<string, unknown>;
  const params = message['params'] as Record<string, unknown>;
  change({ message, params, meta: params['_meta'] as Record<string, unknown> });
  const lower = Object.fromEntries(Object.entries({ ...headers, ...headerChanges }).map(([name, value]) => [name.toLowerCase(), value]));
  const text = JSON.stringify(message);
  lower['content-length'] = String(Buffer.byteLength(text));
  const call = isFastPathCandidate('POST', lower) ? toolCallFastPath(catalog).parse(lower, text) : undefined;
  // Whatever the fast path admits, the SDK's own classifier admits too: an SDK upgrade that narrows it fails here.
  if (call)
    expect(
      classifyInboundRequest({
        httpMethod: 'POST',
        protocolVersionHeader: lower['mcp-protocol-version']!,
        mcpMethodHeader: lower['mcp-method']!,
        mcpNameHeader: lower['mcp-name']!,
        body: message,
      }),
    ).toMatchObject({ kind: 'modern', messageKind: 'request' });
  return call;
}

describe('the MCP fast path', () => {
  it('takes only a 2026-07-28 request the SDK classifies as one, with nothing that could change its answer', () => {
    expect(changedCall(() => {})).toBeDefined();
    const refused: [string, (parts: CallParts) => void, Record<string, string>?][] = [
      // The SDK's classifier refuses these too.
      [
        'clientInfo without a version',
        ({ meta }) => delete (meta['io.modelcontextprotocol/clientInfo'] as Record<string, unknown>)['version'],
      ],
      ['a body version other than the header', ({ meta }) => (meta['io.modelcontextprotocol/protocolVersion'] = '2025-11-25')],
      ['an Mcp-Method header naming another method', () => {}, { 'mcp-method': 'tools/list' }],
      ['a response posted as a request', ({ message }) => ((message['result'] = {}), delete message['method'], delete message['params'])],
      // The fast path's own rule: members that may change the SDK's answer go to the SDK.
      ['a task', ({ params }) => (params['task'] = { ttl: 1000 })],
      ['a progress token', ({ meta }) => (meta['progressToken'] = 1)],
      ['declared capabilities', ({ meta }) => (meta['io.modelcontextprotocol/clientCapabilities'] = { roots: {} })],
      ['an unknown tool', ({ params }) => (params['name'] = 'no_such_tool')],
      ['an Mcp-Name header naming another tool', () => {}, { 'mcp-name': 'search_catalog' }],
      ['arguments the tool refuses', ({ params }) => (params['arguments'] = { collection: 'projects' })],
    ];
    for (const [label, change, headers] of refused) expect(changedCall(change, headers), label).toBeUndefined();
  });

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
