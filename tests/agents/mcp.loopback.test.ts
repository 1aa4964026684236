/**
 * The MCP endpoint on the built server, through the SDK's own client in both protocol modes
 * (2026-07-28 stateless, 2025-11-25 with the initialize handshake and no session): tools and
 * resources listed, every tool called with its examples, its output validated against its
 * outputSchema and compared with the API's payload for the same query; then every hostile case.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROUTES } from '../../src/routes/routes.ts';
import { API_PREFIX, apiUrl } from '../../src/routes/urls.ts';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { twinPath } from '../../src/discovery/markdown-twins.ts';
import { localizedPath } from '../../src/routes/locale-paths.ts';
import { LOCALES } from '../../src/schemas/common.ts';
import { MCP_MAX_BODY_BYTES, MCP_PATH, mcpResourceUri } from '../../src/routes/mcp-endpoint.ts';
import { configuredSiteUrl, siteUrl } from '../../src/site/config.ts';
import { pageInventory } from '../../src/site/pages.ts';
import { rawRequest } from '../support/raw-http.ts';

const baseUrl = inject('baseUrl');
const endpoint = `${baseUrl}${MCP_PATH}`;
const catalog = loadCatalogFromFiles();

/** The API request a tool call stands for, as the tool descriptions document it. */
function apiRequestFor(tool: string, args: Record<string, unknown>): string {
  const { collection, directory, document, slug, ...query } = args as Record<string, string>;
  const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)])).toString();
  let path: string;
  if (tool === 'search_catalog') path = apiUrl('listDiscovery');
  else if (tool === 'get_entry') path = apiUrl(ROUTES.find((route) => route.detail === collection)!.id, slug);
  else path = `${API_PREFIX}/${directory ?? document}`;
  return `${path}${search ? `?${search}` : ''}`;
}

/** Fields of the payload that describe the answering process, not the data (health's uptime). */
/** The example calls a tool's input schema carries at its root (JSON Schema `examples`). */
const examplesOf = (tool: { inputSchema: object }) => (tool.inputSchema as { examples?: Record<string, unknown>[] }).examples ?? [];

const withoutLiveFields = (payload: unknown) =>
  JSON.parse(JSON.stringify(payload, (key, value: unknown) => (key === 'uptime_seconds' ? 0 : value)));

const MODES = {
  '2026-07-28': { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  '2025-11-25': {},
} as const;

describe.each(Object.keys(MODES) as (keyof typeof MODES)[])('MCP %s through the SDK client', (version) => {
  let client: Client;
  let transport: StreamableHTTPClientTransport;
  beforeAll(async () => {
    client = new Client({ name: 'loopback-test', version: '1.0.0' }, MODES[version]);
    transport = new StreamableHTTPClientTransport(new URL(endpoint));
    await client.connect(transport);
  });
  afterAll(() => client.close());

  it('negotiates the version without a session', () => {
    expect(transport.protocolVersion).toBe(version);
    expect(transport.sessionId).toBeUndefined();
  });

  it('lists read-only tools whose every input property has examples, and reaches every GET operation', async () => {
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThanOrEqual(3);
    expect(tools.length).toBeLessThan(ROUTES.length / 2);
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect((property as { examples?: unknown[] }).examples?.length, `${tool.name}.${name}`).toBeGreaterThan(0);
      }
    }
    const reached = new Set(tools.flatMap((tool) => examplesOf(tool).map((args) => apiRequestFor(tool.name, args).split('?')[0])));
    const detailPaths = (route: (typeof ROUTES)[number]) =>
      route.detail ? apiUrl(route.id, (catalog.collections[route.detail] as { slug: string }[])[0]!.slug) : route.path;
    for (const route of ROUTES) expect(reached.has(detailPaths(route)), route.path).toBe(true);
  });

  it('answers every tool called with its examples with structuredContent that validates and equals the API payload', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const { tools } = await client.listTools();
    let calls = 0;
    for (const tool of tools) {
      const validate = ajv.compile(tool.outputSchema as object);
      for (const args of examplesOf(tool)) {
        const result = await client.callTool({ name: tool.name, arguments: args });
        const label = `${tool.name} ${JSON.stringify(args)}`;
        expect(result.isError, `${label}: ${JSON.stringify(result.content)}`).toBeFalsy();
        expect(validate(result.structuredContent), `${label}: ${ajv.errorsText(validate.errors)}`).toBe(true);
        const api = (await (await fetch(`${baseUrl}${apiRequestFor(tool.name, args)}`)).json()) as { payload: unknown };
        expect(withoutLiveFields(result.structuredContent), label).toEqual(withoutLiveFields(api.payload));
        calls++;
      }
    }
    expect(calls).toBeGreaterThanOrEqual(ROUTES.length);
  });

  it('answers an unknown slug and a bad filter with isError and the API message, did-you-mean included', async () => {
    const slug = catalog.collections.projects[0]!.slug;
    const entry = await client.callTool({ name: 'get_entry', arguments: { collection: 'projects', slug: `${slug}x` } });
    expect(entry.isError).toBe(true);
    const apiEntry = (await (await fetch(`${baseUrl}${apiUrl('getProject', `${slug}x`)}`)).json()) as {
      error: { detail: string; allowed: string[] };
    };
    // The API's message, then the closest slugs it lists in `allowed`.
    expect(entry.content).toEqual([
      { type: 'text', text: `${apiEntry.error.detail}\nClosest slugs: ${apiEntry.error.allowed.join(', ')}.` },
    ]);
    expect(apiEntry.error.detail).toContain(`Did you mean "${slug}"?`);

    const filter = await client.callTool({ name: 'list_directory', arguments: { directory: 'stacks', category: 'public-apiz' } });
    expect(filter.isError).toBe(true);
    expect(JSON.stringify(filter.content)).toContain('Did you mean \\"public-apis\\"?');

    const unknownFilter = await client.callTool({ name: 'list_directory', arguments: { directory: 'links', category: 'public-apis' } });
    expect(unknownFilter.isError).toBe(true);
    expect(JSON.stringify(unknownFilter.content)).toContain(
      'Unknown argument \\"category\\": list_directory with directory \\"links\\" accepts directory,',
    );
  });

  it('answers an unknown tool with a JSON-RPC error', async () => {
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({ code: -32602 });
  });

  it('lists every page twin of every language as a text/markdown resource, in pages, and reads its exact text', async () => {
    const uris: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.listResources(cursor === undefined ? {} : { cursor });
      uris.push(...page.resources.map((resource) => resource.uri));
      for (const resource of page.resources) expect(resource.mimeType).toBe('text/markdown');
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== undefined && pages < 20);
    // Built without SITE_URL: the URIs name no host (src/routes/mcp-endpoint.ts).
    // Every page's twin in every language (the Portuguese ones under /pt-br/).
    const expected = LOCALES.flatMap((locale) =>
      pageInventory(catalog).map((page) => mcpResourceUri(twinPath(localizedPath(page.path, locale)), configuredSiteUrl())),
    );
    expect(expected.some((uri) => uri.includes('/pt-br/'))).toBe(true);
    for (const uri of uris) expect(uri).not.toMatch(/localhost|127\.0\.0\.1/);
    expect(uris.sort()).toEqual(expected.sort());
    for (const uri of uris.slice(0, version === '2026-07-28' ? uris.length : 5)) {
      const read = await client.readResource({ uri });
      const served = await (await fetch(`${baseUrl}${new URL(uri).pathname}`)).text();
      expect((read.contents[0] as { text: string }).text, uri).toBe(served);
    }
    await expect(client.listResources({ cursor: 'not-a-cursor' })).rejects.toMatchObject({ code: -32602 });
    // SEP-2164 (2026-07-28): resource not found is -32602 with the URI as data.uri, unlike a bad cursor.
    const missing = `${siteUrl()}/no-such-page.md`;
    await expect(client.readResource({ uri: missing })).rejects.toMatchObject({ code: -32602, data: { uri: missing } });
  });
});

describe('MCP hostile requests', () => {
  const json = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });

  it('answers GET with 405 and Allow: POST', async () => {
    const response = await fetch(endpoint, { headers: { accept: 'text/event-stream' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('refuses a foreign Origin with 403, and serves its own origins and requests without Origin', async () => {
    expect((await fetch(endpoint, { method: 'POST', headers: { ...json, origin: 'https://evil.example' }, body: initialize })).status).toBe(
      403,
    );
    expect((await fetch(endpoint, { method: 'POST', headers: { ...json, origin: 'null' }, body: initialize })).status).toBe(403);
    // A DNS-rebinding page: its own name in Host and Origin, resolved to this machine.
    expect(
      (
        await rawRequest(baseUrl, MCP_PATH, {
          method: 'POST',
          headers: { ...json, host: 'evil.example', origin: 'http://evil.example' },
          body: initialize,
        })
      ).status,
    ).toBe(403);
    expect((await fetch(endpoint, { method: 'POST', headers: { ...json, origin: 'http://localhost:1' }, body: initialize })).status).toBe(
      403,
    );
    expect(
      (await fetch(endpoint, { method: 'POST', headers: { ...json, origin: new URL(siteUrl()).origin }, body: initialize })).status,
    ).toBe(200);
    expect(
      (await fetch(endpoint, { method: 'POST', headers: { ...json, origin: new URL(baseUrl).origin }, body: initialize })).status,
    ).toBe(200);
    const plain = await fetch(endpoint, { method: 'POST', headers: json, body: initialize });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    expect(plain.headers.get('mcp-session-id')).toBeNull();
  });

  it('answers a body over 1 MB with 413, announced or chunked', async () => {
    const big = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(MCP_MAX_BODY_BYTES)}"}}`;
    expect((await rawRequest(baseUrl, MCP_PATH, { method: 'POST', headers: json, body: big })).status).toBe(413);
    const chunked = await fetch(endpoint, {
      method: 'POST',
      headers: json,
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it('answers malformed JSON with a -32700 parse error and HTTP 400', async () => {
    const response = await fetch(endpoint, { method: 'POST', headers: json, body: '{"jsonrpc": "2.0", ' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });

  it.each([
    ['empty body', 'POST', ''],
    ['null', 'POST', 'null'],
    ['a number', 'POST', '42'],
    ['an empty batch', 'POST', '[]'],
    ['a batch of pings', 'POST', JSON.stringify(Array.from({ length: 200 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'ping' })))],
    ['deep nesting', 'POST', `${'['.repeat(50_000)}${']'.repeat(50_000)}`],
    ['an unknown method', 'POST', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'nope/nope' })],
    ['tools/call without params', 'POST', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call' })],
    [
      'an unsupported version',
      'POST',
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '1999-01-01' } }),
    ],
    [
      'a modern call without its envelope',
      'POST',
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
      }),
    ],
    ['a notification', 'POST', JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })],
    ['DELETE', 'DELETE', ''],
    ['PUT', 'PUT', initialize],
    ['HEAD', 'HEAD', ''],
  ])('answers %s without a 5xx', async (_, method, body) => {
    const response = await rawRequest(baseUrl, MCP_PATH, { method, headers: json, ...(body ? { body } : {}) });
    expect(response.status).toBeLessThan(500);
  });

  it('answers wrong media types and odd headers without a 5xx', async () => {
    for (const headers of [
      { 'content-type': 'text/plain', accept: 'application/json' },
      { 'content-type': 'application/json', accept: 'text/html' },
      { 'content-type': 'application/json', accept: 'application/json', 'mcp-session-id': 'forged' },
      { 'content-type': 'application/json', accept: 'application/json', 'mcp-protocol-version': '2099-01-01' },
    ]) {
      const response = await rawRequest(baseUrl, MCP_PATH, { method: 'POST', headers, body: initialize });
      expect(response.status, JSON.stringify(headers)).toBeLessThan(500);
    }
  });
});
