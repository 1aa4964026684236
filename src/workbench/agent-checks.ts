/**
 * Checks of what the site offers agents: the MCP endpoint answers tools/list (2026-07-28, stateless)
 * with read-only tools, and a page's Markdown twin is Markdown that opens with a level-1 heading.
 */
import { fail, fromProblems, isRecord, pass } from './check.ts';
import type { Check, Fetched } from './types.ts';

/** The MCP revision the workbench speaks, and the request it sends. */
const MCP_VERSION = '2026-07-28';

/** The one request the workbench sends to the MCP endpoint: a stateless 2026-07-28 tools/list. */
export const MCP_TOOLS_LIST: RequestInit = {
  method: 'POST',
  headers: {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': MCP_VERSION,
    'Mcp-Method': 'tools/list',
  },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/list',
    params: {
      _meta: {
        'io.modelcontextprotocol/protocolVersion': MCP_VERSION,
        'io.modelcontextprotocol/clientCapabilities': {},
        'io.modelcontextprotocol/clientInfo': { name: 'workbench', version: '1.0.0' },
      },
    },
  }),
};

/** tools/list answers JSON with at least one tool, each read-only, described, with input and output schemas. */
export function mcpChecks(fetched: Fetched): Check[] {
  const type = fetched.headers.get('Content-Type') ?? '';
  const typeCheck = type.startsWith('application/json')
    ? pass('media type', type)
    : fail('media type', `is ${type || 'nothing'}, expected application/json`);
  const result = isRecord(fetched.json) ? fetched.json['result'] : undefined;
  const tools = isRecord(result) && Array.isArray(result['tools']) ? (result['tools'] as unknown[]) : undefined;
  if (!tools || tools.length === 0) return [typeCheck, fail('MCP tools', 'tools/list returned no tools')];
  const problems = tools.flatMap((tool) => {
    if (!isRecord(tool)) return ['a tool that is not an object'];
    const name = String(tool['name']);
    const annotations = isRecord(tool['annotations']) ? tool['annotations'] : {};
    return [
      ...(annotations['readOnlyHint'] === true ? [] : [`${name} is not readOnlyHint`]),
      ...(typeof tool['description'] === 'string' && tool['description'] !== '' ? [] : [`${name} has no description`]),
      ...(isRecord(tool['inputSchema']) && isRecord(tool['outputSchema']) ? [] : [`${name} lacks an input or output schema`]),
    ];
  });
  return [typeCheck, fromProblems('MCP tools', problems, `${tools.length} read-only tools with input and output schemas`)];
}

/** A twin is served as Markdown and opens with a level-1 heading. */
export function twinChecks(fetched: Fetched): Check[] {
  const type = fetched.headers.get('Content-Type') ?? '';
  const heading = fetched.text.split('\n', 1)[0] ?? '';
  return [
    type.startsWith('text/markdown') ? pass('media type', type) : fail('media type', `is ${type || 'nothing'}, expected text/markdown`),
    heading.startsWith('# ')
      ? pass('Markdown twin', `opens with "${heading.slice(0, 50)}"`)
      : fail('Markdown twin', 'does not open with a level-1 heading'),
  ];
}
