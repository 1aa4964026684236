/**
 * The MCP endpoint through the official inspector CLI (@modelcontextprotocol/inspector, spawned
 * through its own bin, as `npx mcp-inspector --cli` runs it), against the built server: tools/list
 * with --strict gives no portability warning in either protocol era; every tool, called with every
 * default its schema advertises filled in (and with each example the listing carries), succeeds
 * with a result valid against its outputSchema; bad arguments get messages that name the problem
 * and the tool's own arguments. The calls come from the listing, not from a typed list.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, inject, it } from 'vitest';
import { MCP_PATH, MCP_PROTOCOL_VERSIONS } from '../../src/routes/mcp-endpoint.ts';
import { siteUrl } from '../../src/site/config.ts';

const endpoint = `${inject('baseUrl')}${MCP_PATH}`;

const INSPECTOR = join('node_modules', '@modelcontextprotocol', 'inspector');
const bin = (JSON.parse(readFileSync(join(INSPECTOR, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin['mcp-inspector']!;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** One inspector CLI run against the endpoint: `mcp-inspector --cli <endpoint> …args`. */
function inspector(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    // Node's compile cache: each run starts the CLI's 900 kB bundle again, about a second sooner with it.
    const env = { ...process.env, NODE_COMPILE_CACHE: join(tmpdir(), 'mcp-inspector-compile-cache') };
    execFile(process.execPath, [join(INSPECTOR, bin), '--cli', endpoint, ...args], { timeout: 30_000, env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Runs `jobs` a few at a time (each CLI run mostly starts up), results in order. */
async function inTurn<T>(jobs: (() => Promise<T>)[], width = 4): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < jobs.length; start += width)
    results.push(...(await Promise.all(jobs.slice(start, start + width).map((job) => job()))));
  return results;
}

interface Listed {
  name: string;
  inputSchema: { properties: Record<string, { default?: unknown }>; required?: string[]; examples?: Record<string, unknown>[] };
  outputSchema: object;
}

/** A tools/call through the inspector, in JSON: the call's result, or the CLI's error envelope. */
async function callTool(era: string, name: string, args: Record<string, unknown>) {
  const run = await inspector(
    '--protocol-era',
    era,
    '--format',
    'json',
    '--method',
    'tools/call',
    '--tool-name',
    name,
    '--tool-args-json',
    JSON.stringify(args),
  );
  const out = JSON.parse(run.stdout || '{}') as {
    result?: { isError?: boolean; structuredContent?: unknown; content?: { text: string }[] };
  };
  return { run, result: out.result, text: out.result?.content?.map((item) => item.text).join('\n') ?? '' };
}

const listing = await inspector('--format', 'json', '--method', 'tools/list');
const tools = (JSON.parse(listing.stdout) as { result: { tools: Listed[] } }).result.tools;

/**
 * Each call the listing implies: the required arguments of each example (a route each) with every
 * default filled in. The examples themselves are called through the SDK's client (mcp.loopback.test.ts):
 * each CLI run costs a second or two of start-up.
 */
const calls = tools.flatMap((tool) => {
  const defaults = Object.fromEntries(
    Object.entries(tool.inputSchema.properties).flatMap(([name, property]) => ('default' in property ? [[name, property.default]] : [])),
  );
  const required = tool.inputSchema.required ?? [];
  const filled = new Map([[JSON.stringify(defaults), defaults]]);
  for (const example of tool.inputSchema.examples ?? []) {
    if (required.length === 0) break;
    const args = { ...defaults, ...Object.fromEntries(required.map((name) => [name, example[name]])) };
    filled.set(JSON.stringify(args), args);
  }
  if (required.length > 0) filled.delete(JSON.stringify(defaults));
  return [...filled.values()].map((args) => ({ tool, args }));
});

describe('MCP through the official inspector CLI', () => {
  it.each(['legacy', 'modern'])('lists the tools with --strict and no warning (%s era)', async (era) => {
    const run = await inspector('--protocol-era', era, '--method', 'tools/list', '--strict');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { tools: Listed[] }).tools.map((tool) => tool.name)).toEqual(tools.map((tool) => tool.name));
  });

  it('calls every tool with its defaults filled in: all succeed, valid against outputSchema', async () => {
    expect(new Set(calls.map((call) => call.tool.name))).toEqual(new Set(tools.map((tool) => tool.name)));
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    const validators = new Map(tools.map((tool) => [tool.name, ajv.compile(tool.outputSchema)]));
    const results = await inTurn(calls.map((call) => () => callTool('modern', call.tool.name, call.args)));
    results.forEach(({ run, result, text }, index) => {
      const { tool, args } = calls[index]!;
      const what = `${tool.name} ${JSON.stringify(args)}`;
      expect(run.code, `${what}: ${run.stderr}${text}`).toBe(0);
      expect(result?.isError, `${what}: ${text}`).toBeFalsy();
      const valid = validators.get(tool.name)!;
      expect(valid(result?.structuredContent), `${what}: ${JSON.stringify(valid.errors)?.slice(0, 500)}`).toBe(true);
    });
    console.info(`inspector: ${results.length} tool calls with every default filled in, all passed`);
  }, 120_000);
});

describe('bad arguments through the inspector: messages that name the problem', () => {
  const documents = tools.find((tool) => tool.name === 'get_document')!;
  const entries = tools.find((tool) => tool.name === 'get_entry')!;
  const directories = tools.find((tool) => tool.name === 'list_directory')!;
  const enumOf = (tool: Listed, name: string) => (tool.inputSchema.properties[name] as { enum: string[] }).enum;

  it('an argument a document does not take names the arguments it does', async () => {
    const document = enumOf(documents, 'document').find((name) => name === 'health')!;
    const { result, text } = await callTool('modern', 'get_document', { document, lang: 'en-US' });
    expect(result?.isError).toBe(true);
    expect(text).toBe(`Unknown argument "lang": get_document with document "${document}" accepts document.`);
  });

  it('an extra argument to get_entry lists collection, slug and what the collection takes', async () => {
    const example = entries.inputSchema.examples![0]!;
    const { text } = await callTool('modern', 'get_entry', { collection: example['collection'], slug: example['slug'], extra: 1 });
    expect(text).toMatch(/^Unknown argument "extra": get_entry with collection "[a-z]+" accepts collection, slug, lang\.$/);
  });

  it('an unknown slug carries its closest slugs', async () => {
    const example = entries.inputSchema.examples![0]!;
    const { text } = await callTool('modern', 'get_entry', { collection: example['collection'], slug: `${String(example['slug'])}x` });
    expect(text).toContain(`Did you mean "${String(example['slug'])}"?`);
    expect(text).toMatch(new RegExp(`\\nClosest slugs: ${String(example['slug'])}(, [a-z0-9-]+)*\\.$`));
  });

  it('a limit that is not a number says what limit takes, not "a string or a number"', async () => {
    const { text } = await callTool('modern', 'list_directory', { directory: enumOf(directories, 'directory')[0], limit: 'abc' });
    // The inspector sends what it cannot make an integer as null; a client that sends "abc" gets the API's same words.
    expect(text).toMatch(/^The (argument|parameter) "limit" must be an integer from 1 to \d+; got (null|"abc")\.$/);
  });

  it('an unknown directory lists every directory, with the closest', async () => {
    const names = enumOf(directories, 'directory');
    const { text } = await callTool('modern', 'list_directory', { directory: `${names[0]}s` });
    expect(text).toBe(`The argument "directory" must be one of ${names.join(', ')}; got "${names[0]}s". Did you mean "${names[0]}"?`);
  });

  it('an unknown tool and an unknown resource are protocol errors, with the resource named', async () => {
    const tool = await inspector('--method', 'tools/call', '--tool-name', 'no_such_tool', '--format', 'json');
    expect(tool.code).not.toBe(0);
    expect(tool.stderr).toContain('no_such_tool');
    const uri = `${siteUrl()}/no-such-page.md`;
    const resource = await inspector('--method', 'resources/read', '--uri', uri, '--format', 'json');
    expect(resource.code).not.toBe(0);
    expect(resource.stderr).toContain(`Resource not found: ${uri}`);
  });

  it('codes as the 2026-07-28 revision assigns: -32602, and data.uri for a missing resource (SEP-2164)', async () => {
    const version = MCP_PROTOCOL_VERSIONS[0];
    const rpc = async (method: string, params: Record<string, unknown>) => {
      const response = await fetch(endpoint, {
        method: 'POST',
        // SEP-2243's standard headers: the version, the method and what it names.
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': version,
          'mcp-method': method,
          'mcp-name': String(params['name'] ?? params['uri']),
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
              'io.modelcontextprotocol/clientInfo': { name: 'inspector-test', version: '1.0.0' },
            },
          },
        }),
      });
      return ((await response.json()) as { error: { code: number; data?: unknown } }).error;
    };
    const uri = `${siteUrl()}/no-such-page.md`;
    expect(await rpc('resources/read', { uri })).toMatchObject({ code: -32602, data: { uri } });
    const badTool = await rpc('tools/call', { name: 'no_such_tool', arguments: {} });
    expect(badTool.code).toBe(-32602);
    expect(badTool.data).toBeUndefined();
  });
});
