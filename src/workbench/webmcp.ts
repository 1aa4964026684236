/**
 * WebMCP: when the browser offers `navigator.modelContext`, the workbench registers read-only tools
 * an agent in the browser can call: search the catalog, read one of the resources the panel lists,
 * and read the panel's last verdict. Without it nothing happens (progressive enhancement). Every
 * tool only GETs same-origin URLs the page already names, so the CSP stays as it is.
 */

/** A tool as WebMCP registers it (the draft's shape: JSON Schema input, an async execute). */
export interface WebMcpTool {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, unknown>; required?: string[]; additionalProperties: false };
  annotations: { readOnlyHint: true };
  execute: (input: Record<string, unknown>) => Promise<{ content: { type: 'text'; text: string }[]; isError?: boolean }>;
}

/** What the page offers: registerTool (current drafts) or provideContext (earlier ones). */
interface ModelContext {
  registerTool?: (tool: WebMcpTool) => unknown;
  provideContext?: (context: { tools: WebMcpTool[] }) => unknown;
}

/** What the tools read from the page. */
export interface WebMcpSources {
  /** The discovery endpoint and its free-text parameter's name. */
  discoveryUrl: string;
  searchParam: string;
  /** Every same-origin URL the panel lists. */
  resources: readonly string[];
  /** The panel's verdict and its details, as shown. */
  verdict: () => string;
}

const text = (value: string, isError = false) => ({ content: [{ type: 'text' as const, text: value }], ...(isError ? { isError } : {}) });

/** GETs a same-origin URL and answers its status and body. */
async function read(url: string): Promise<ReturnType<typeof text>> {
  const response = await fetch(url, { headers: { Accept: 'application/json, text/markdown;q=0.9, */*;q=0.1' } });
  return text(`${response.status} ${response.headers.get('content-type') ?? ''}\n\n${await response.text()}`, !response.ok);
}

/** The tools, built from what the page names. */
export function webMcpTools(sources: WebMcpSources): WebMcpTool[] {
  return [
    {
      name: 'search_catalog',
      description: 'Searches the public catalog (pages, endpoints, exports and entries) with free text; answers the API envelope.',
      inputSchema: {
        type: 'object',
        properties: { text: { type: 'string', minLength: 1 } },
        required: ['text'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true },
      execute: async (input) => {
        const query = typeof input['text'] === 'string' ? input['text'] : '';
        if (query.trim() === '') return text('The argument "text" must be a non-empty string.', true);
        return read(`${sources.discoveryUrl}?${new URLSearchParams({ [sources.searchParam]: query }).toString()}`);
      },
    },
    {
      name: 'read_resource',
      description: 'Reads one resource the workbench lists (an endpoint, an export, a discovery document or a Markdown twin).',
      inputSchema: {
        type: 'object',
        properties: { url: { type: 'string', enum: [...sources.resources] } },
        required: ['url'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true },
      execute: async (input) => {
        const url = input['url'];
        if (typeof url !== 'string' || !sources.resources.includes(url))
          return text('The argument "url" must be one of the listed resources.', true);
        return read(url);
      },
    },
    {
      name: 'workbench_verdict',
      description: "The workbench's latest verdict on the site's resources, as the page shows it.",
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      annotations: { readOnlyHint: true },
      execute: async () => text(sources.verdict()),
    },
  ];
}

/** Registers the tools when the browser has WebMCP; returns how many it registered (0 without it). */
export function registerWebMcp(navigatorLike: { modelContext?: ModelContext }, sources: WebMcpSources): number {
  const context = navigatorLike.modelContext;
  if (!context) return 0;
  const tools = webMcpTools(sources);
  if (typeof context.registerTool === 'function') {
    for (const tool of tools) context.registerTool(tool);
    return tools.length;
  }
  if (typeof context.provideContext === 'function') {
    context.provideContext({ tools });
    return tools.length;
  }
  return 0;
}
