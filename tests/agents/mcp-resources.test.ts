/**
 * The MCP resources in process (no build): every page's twin in every language is a resource, each
 * with its title and description in its language and the language in `_meta`; reading one gives
 * the twin's text; and the tools answer from the cache the handler was given. The loopback test
 * (mcp.loopback.test.ts) checks the same list on the built server.
 */
import { describe, expect, it } from 'vitest';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { markdownTwins } from '../../src/discovery/markdown-twins.ts';
import { createWorkerCache } from '../../src/api/cache-kinds.ts';
import { createMcpFetchHandler } from '../../src/mcp/server.ts';
import { MCP_PROTOCOL_VERSIONS, MCP_RESOURCE_LANGUAGE_META, mcpResourceUri } from '../../src/routes/mcp-endpoint.ts';
import { localizedPath } from '../../src/routes/locale-paths.ts';
import { LOCALES } from '../../src/schemas/common.ts';
import { configuredSiteUrl } from '../../src/site/config.ts';
import { pageInventory } from '../../src/site/pages.ts';
import { twinPath } from '../../src/discovery/markdown-twins.ts';

const catalog = loadCatalogFromFiles();
const cache = createWorkerCache();
const handler = createMcpFetchHandler(catalog, cache);
const version = MCP_PROTOCOL_VERSIONS[0];

interface Resource {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  _meta?: Record<string, unknown>;
}

/** One 2026-07-28 request, stateless, as a client sends it; its JSON-RPC result. */
async function rpc<T>(method: string, params: Record<string, unknown>, name?: string): Promise<T> {
  const response = await handler.fetch(
    new Request('http://127.0.0.1/mcp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': version,
        'mcp-method': method,
        ...(name === undefined ? {} : { 'mcp-name': name }),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method,
        params: {
          ...params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': version,
            'io.modelcontextprotocol/clientCapabilities': {},
            'io.modelcontextprotocol/clientInfo': { name: 'resources-test', version: '1.0.0' },
          },
        },
      }),
    }),
  );
  const body = (await response.json()) as { result?: T; error?: unknown };
  if (!body.result) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result;
}

/** Every resource, page after page. */
async function allResources(): Promise<Resource[]> {
  const resources: Resource[] = [];
  let cursor: string | undefined;
  do {
    const page = await rpc<{ resources: Resource[]; nextCursor?: string }>('resources/list', cursor === undefined ? {} : { cursor });
    resources.push(...page.resources);
    cursor = page.nextCursor;
  } while (cursor !== undefined && resources.length < 1000);
  return resources;
}

describe('MCP resources', () => {
  it('list every page’s twin in every language, each with its language in _meta', async () => {
    const resources = await allResources();
    const base = configuredSiteUrl();
    const expected = LOCALES.flatMap((locale) =>
      pageInventory(catalog).map((page) => ({ uri: mcpResourceUri(twinPath(localizedPath(page.path, locale)), base), locale })),
    );
    expect(resources.map((resource) => ({ uri: resource.uri, locale: resource._meta?.[MCP_RESOURCE_LANGUAGE_META] }))).toEqual(expected);
    expect(MCP_RESOURCE_LANGUAGE_META).toBe('oficina-norte-catalog/language');
  });

  it('title and describe a Portuguese twin in Portuguese, an English one in English', async () => {
    const resources = await allResources();
    const byName = (name: string) => resources.find((resource) => resource.name === name)!;
    expect(byName('/pt-br/stacks.md')).toMatchObject({
      title: 'Mapa de stacks',
      description: 'As tecnologias recorrentes do estúdio, ligadas a casos do portfólio, projetos e capacidades.',
      mimeType: 'text/markdown',
    });
    expect(byName('/stacks.md')).toMatchObject({ title: 'Stack map', mimeType: 'text/markdown' });
    expect(byName('/pt-br/index.md')._meta).toEqual({ [MCP_RESOURCE_LANGUAGE_META]: 'pt-BR' });
  });

  it('read a Portuguese twin as its exact text, in its language', async () => {
    const twin = markdownTwins(catalog, configuredSiteUrl()).find((item) => item.path === '/pt-br/projects/docs-hub.md')!;
    const uri = mcpResourceUri(twin.path, configuredSiteUrl());
    const read = await rpc<{ contents: { uri: string; text: string; mimeType: string; _meta?: Record<string, unknown> }[] }>(
      'resources/read',
      { uri },
      uri,
    );
    expect(read.contents).toEqual([
      { uri, mimeType: 'text/markdown', text: twin.markdown, _meta: { [MCP_RESOURCE_LANGUAGE_META]: 'pt-BR' } },
    ]);
    expect(read.contents[0]!.text).toContain('Página: ');
  });
});

describe('MCP tools', () => {
  it('answer from the cache they were handed, as a worker hands its own', async () => {
    const call = () => rpc('tools/call', { name: 'get_entry', arguments: { collection: 'projects', slug: 'docs-hub' } }, 'get_entry');
    // The byte budget keeps what is made a second time.
    await call();
    await call();
    const hits = cache.stats()['payload']!.hits;
    await call();
    expect(cache.stats()['payload']!.hits).toBe(hits + 1);
  });
});
