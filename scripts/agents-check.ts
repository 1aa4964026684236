/**
 * `npm run agents:check [url]`: runs, against a running server, every published check of the three
 * agent-readiness scanners that applies to this public, read-only site (Cloudflare's "Is It Agent
 * Ready", Mintlify's Agent Score with the AFDocs checks, Vercel's agent readability spec) and prints
 * each result. The URL is the argument, else AGENTS_CHECK_URL, else the local server
 * (http://localhost:4321). Exits 1 when any check fails. docs/agents.md lists the checks left out.
 * The well-known paths are spelled out as the scanners spell them: they probe fixed URLs.
 */
import { createHash } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import robotsParser from 'robots-parser';
import cardSchema from './lib/vendor/mcp-server-card.schema.json' with { type: 'json' };
import { frontmatterOf, skillProblems } from './lib/agent-skill-rules.ts';
import { apiUrl } from '../src/routes/urls.ts';

const base = (process.argv[2] ?? process.env['AGENTS_CHECK_URL'] ?? 'http://localhost:4321').replace(/\/+$/, '');

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  ms: number;
}

/** GETs (or sends) a site path or absolute URL; a URL on the site's public origin is asked of `base`. */
async function get(pathOrUrl: string, init: RequestInit = {}): Promise<Answer> {
  const url = pathOrUrl.startsWith('http') ? `${base}${new URL(pathOrUrl).pathname}${new URL(pathOrUrl).search}` : `${base}${pathOrUrl}`;
  const started = performance.now();
  const response = await fetch(url, { redirect: 'manual', ...init });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, ms: performance.now() - started };
}

type Result = string[] | string;
interface Check {
  scanner: 'Cloudflare' | 'Mintlify' | 'AFDocs' | 'Vercel';
  name: string;
  /** Problems (empty passes), or a passing detail. */
  run: () => Promise<Result>;
}

const isType = (answer: Answer, type: string) => (answer.headers.get('content-type') ?? '').split(';')[0]!.trim() === type;
const expectOk = (answer: Answer, what: string, type?: string): string[] => [
  ...(answer.status === 200 ? [] : [`${what} answered ${answer.status}`]),
  ...(type && !isType(answer, type) ? [`${what} is ${answer.headers.get('content-type')}, not ${type}`] : []),
];
const json = (answer: Answer): Record<string, unknown> | undefined => {
  try {
    return JSON.parse(answer.text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};

/** Every page of the site: the <loc> URLs of every sitemap the index lists. */
let pagesMemo: Promise<string[]> | undefined;
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
function pages(): Promise<string[]> {
  pagesMemo ??= (async () => {
    const index = await get('/sitemap-index.xml');
    const nested = await Promise.all(locs(index.text).map((url) => get(url)));
    return nested.flatMap((answer) => locs(answer.text)).map((url) => new URL(url).pathname);
  })();
  return pagesMemo;
}
const twinOf = (path: string) => (path === '/' ? '/index.md' : `${path.replace(/\/$/, '')}.md`);
/** The page bodies, fetched once. */
const bodies = new Map<string, Promise<Answer>>();
const page = (path: string) => {
  if (!bodies.has(path)) bodies.set(path, get(path));
  return bodies.get(path)!;
};
async function everyPage(check: (path: string, answer: Answer) => string[] | Promise<string[]>): Promise<Result> {
  const paths = await pages();
  const problems = (
    await Promise.all(paths.map(async (path) => (await check(path, await page(path))).map((problem) => `${path}: ${problem}`)))
  ).flat();
  return problems.length > 0 ? problems : `${paths.length} pages`;
}

/** The MCP endpoint with a 2025-11-25 handshake (what the scanners speak), then tools/list. */
async function mcpCall(method: string, params: Record<string, unknown>) {
  const answer = await get('/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return { answer, body: json(answer) };
}

const CARD_PATHS = ['/mcp/server-card', '/.well-known/mcp/server-card.json', '/.well-known/mcp.json'];
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
const validateCard = ajv.compile({ ...cardSchema, $ref: '#/$defs/ServerCard' });

const checks: Check[] = [
  {
    scanner: 'Cloudflare',
    name: 'Link headers',
    run: async () => {
      const link = (await page('/')).headers.get('link') ?? '';
      return ['rel="alternate"', 'rel="api-catalog"']
        .filter((rel) => !link.includes(rel))
        .map((rel) => `the home page's Link has no ${rel}`);
    },
  },
  {
    scanner: 'Cloudflare',
    name: 'Content Signals in robots.txt',
    run: async () => {
      const robots = await get('/robots.txt');
      const line = /^content-signal:\s*(.+)$/im.exec(robots.text)?.[1] ?? '';
      const values = Object.fromEntries(line.split(',').map((pair) => pair.trim().split('=') as [string, string]));
      return [
        ...expectOk(robots, 'robots.txt', 'text/plain'),
        ...['search', 'ai-input', 'ai-train']
          .filter((name) => !['yes', 'no'].includes(values[name] ?? ''))
          .map((name) => `${name} is not yes or no`),
      ];
    },
  },
  {
    scanner: 'Cloudflare',
    name: 'API catalog (RFC 9727)',
    run: async () => {
      const catalog = await get('/.well-known/api-catalog');
      return [
        ...expectOk(catalog, 'the API catalog', 'application/linkset+json'),
        ...(Array.isArray(json(catalog)?.['linkset']) ? [] : ['no linkset array']),
      ];
    },
  },
  {
    scanner: 'Cloudflare',
    name: 'Agent Skills index (discovery 0.2.0)',
    run: async () => {
      const index = await get('/.well-known/agent-skills/index.json');
      const body = json(index);
      const skills = Array.isArray(body?.['skills']) ? (body['skills'] as Record<string, string>[]) : [];
      const problems = [...expectOk(index, 'the index', 'application/json')];
      if (body?.['$schema'] !== 'https://schemas.agentskills.io/discovery/0.2.0/schema.json')
        problems.push('$schema is not discovery 0.2.0');
      if (skills.length === 0) problems.push('no skills');
      for (const skill of skills) {
        const url = new URL(skill['url'] ?? '', `${base}/.well-known/agent-skills/index.json`);
        const file = await get(url.pathname);
        const digest = `sha256:${createHash('sha256').update(file.text).digest('hex')}`;
        if (skill['type'] !== 'skill-md') problems.push(`${skill['name']}: type is not skill-md`);
        if (digest !== skill['digest']) problems.push(`${skill['name']}: digest ${skill['digest']} is not the file's ${digest}`);
        if (frontmatterOf(file.text)?.['name'] !== skill['name'])
          problems.push(`${skill['name']}: the index and the SKILL.md disagree on the name`);
        problems.push(...expectOk(file, url.pathname), ...skillProblems(file.text, url.pathname.split('/').at(-2)));
      }
      return problems;
    },
  },
  {
    scanner: 'Cloudflare',
    name: 'MCP server card (SEP-2127), every path',
    run: async () => {
      const problems: string[] = [];
      for (const path of CARD_PATHS) {
        const card = await get(path);
        const body = json(card);
        if (card.status !== 200) problems.push(`${path} answered ${card.status}`);
        if (!(card.headers.get('content-type') ?? '').includes('json')) problems.push(`${path} is not JSON`);
        if (!validateCard(body)) problems.push(`${path}: ${ajv.errorsText(validateCard.errors)}`);
        if (card.headers.get('access-control-allow-origin') !== '*') problems.push(`${path}: no CORS *`);
        if (card.headers.get('cache-control') !== 'public, max-age=3600')
          problems.push(`${path}: Cache-Control ${card.headers.get('cache-control')}`);
        if (!card.headers.get('etag')) problems.push(`${path}: no ETag`);
      }
      const refused = await get(CARD_PATHS[0]!, { method: 'POST' });
      if (refused.status !== 405) problems.push(`POST ${CARD_PATHS[0]} answered ${refused.status}, not 405`);
      return problems;
    },
  },
  {
    scanner: 'Cloudflare',
    name: 'AI Catalog lists the server card',
    run: async () => {
      const catalog = await get('/.well-known/ai-catalog.json');
      const entries = (json(catalog)?.['entries'] ?? []) as Record<string, string>[];
      const card = entries.find((entry) => entry['type'] === 'application/mcp-server-card+json');
      if (!card) return ['no server card entry'];
      const fetched = await get(card['url']!);
      return [
        ...expectOk(catalog, 'the AI Catalog', 'application/ai-catalog+json'),
        ...expectOk(fetched, card['url']!, 'application/mcp-server-card+json'),
      ];
    },
  },
  {
    scanner: 'Cloudflare',
    name: 'WebMCP (navigator.modelContext) on the workbench',
    run: async () => {
      const html = (await page('/workbench/')).text;
      const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]!);
      const bundles = await Promise.all(scripts.map((src) => get(src)));
      return bundles.some((bundle) => bundle.text.includes('modelContext') && bundle.text.includes('registerTool'))
        ? []
        : ['no script registers WebMCP tools'];
    },
  },
  {
    scanner: 'Mintlify',
    name: 'MCP (20)',
    run: async () => {
      const init = await mcpCall('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'agents-check', version: '1' },
      });
      const tools = await mcpCall('tools/list', {});
      const listed = ((tools.body?.['result'] as { tools?: unknown[] } | undefined)?.tools ?? []).length;
      return [
        ...(init.answer.status === 200 && (init.body?.['result'] as Record<string, unknown> | undefined)?.['serverInfo']
          ? []
          : [`initialize answered ${init.answer.status}`]),
        ...(listed > 0 ? [] : ['tools/list listed no tools']),
      ];
    },
  },
  {
    scanner: 'Mintlify',
    name: 'llms.txt (17)',
    run: async () => {
      const llms = await get('/llms.txt');
      const lines = llms.text.split('\n');
      return [
        ...expectOk(llms, 'llms.txt', 'text/plain'),
        ...(lines[0]?.startsWith('# ') ? [] : ['the first line is not an H1']),
        ...(lines.some((line) => line.startsWith('> ')) ? [] : ['no blockquote summary']),
        ...(lines.some((line) => line.startsWith('## ')) ? [] : ['no H2 sections']),
      ];
    },
  },
  {
    scanner: 'Mintlify',
    name: 'OpenAPI (12)',
    run: async () => {
      const contract = await get(apiUrl('getContract'));
      const version = ((json(contract)?.['payload'] as Record<string, unknown> | undefined)?.['openapi'] ?? '') as string;
      return [...expectOk(contract, 'the contract', 'application/json'), ...(version.startsWith('3.') ? [] : ['no OpenAPI 3 document'])];
    },
  },
  {
    scanner: 'Mintlify',
    name: 'Markdown negotiation (10)',
    run: () =>
      everyPage(async (path) => {
        const answer = await get(path, { headers: { accept: 'text/markdown' } });
        return [
          ...expectOk(answer, 'Accept: text/markdown', 'text/markdown'),
          ...((answer.headers.get('vary') ?? '').includes('Accept') ? [] : ['no Vary: Accept']),
        ];
      }),
  },
  {
    scanner: 'Mintlify',
    name: 'llms-full.txt (8)',
    run: async () => {
      const full = await get('/llms-full.txt');
      return [...expectOk(full, 'llms-full.txt', 'text/plain'), ...(full.text.startsWith('# ') ? [] : ['no H1'])];
    },
  },
  {
    scanner: 'Mintlify',
    name: 'skill.md (8)',
    run: async () => {
      const skill = await get('/skill.md');
      return [...expectOk(skill, '/skill.md', 'text/markdown'), ...skillProblems(skill.text, undefined)];
    },
  },
  {
    scanner: 'Mintlify',
    name: 'robots (8)',
    run: async () => {
      const robots = await get('/robots.txt');
      const parsed = robotsParser(`${base}/robots.txt`, robots.text);
      const blocked = (await pages()).filter((path) => parsed.isAllowed(`${base}${path}`, 'AnyAgent') !== true);
      return [
        ...expectOk(robots, 'robots.txt', 'text/plain'),
        ...(parsed.getSitemaps().length > 0 ? [] : ['no Sitemap line']),
        ...blocked.map((path) => `${path} is disallowed`),
      ];
    },
  },
  {
    scanner: 'Mintlify',
    name: 'plain-text negotiation (5)',
    run: () =>
      everyPage(async (path) => {
        const answer = await get(path, { headers: { accept: 'text/plain, text/html;q=0.9' } });
        const type = (answer.headers.get('content-type') ?? '').split(';')[0]!;
        return [
          ...(answer.status === 200 && type.startsWith('text/') && type !== 'text/html' ? [] : [`answered ${answer.status} ${type}`]),
          ...((answer.headers.get('vary') ?? '').includes('Accept') ? [] : ['no Vary: Accept']),
        ];
      }),
  },
  {
    scanner: 'Mintlify',
    name: 'sitemap (5)',
    run: async () => {
      const index = await get('/sitemap-index.xml');
      return [...expectOk(index, 'sitemap-index.xml', 'application/xml'), ...((await pages()).length > 0 ? [] : ['no pages'])];
    },
  },
  {
    scanner: 'Mintlify',
    name: 'JSON-LD (4)',
    run: () => everyPage((_, answer) => (/<script type="application\/ld\+json">/.test(answer.text) ? [] : ['no JSON-LD'])),
  },
  {
    scanner: 'Mintlify',
    name: 'latency (3)',
    run: async () => {
      const timed = await get('/');
      return timed.ms < 1000 ? `home page in ${Math.round(timed.ms)} ms` : [`home page took ${Math.round(timed.ms)} ms`];
    },
  },
  {
    scanner: 'AFDocs',
    name: 'llms.txt links Markdown, and every link answers',
    run: async () => {
      const llms = (await get('/llms.txt')).text;
      const urls = [...llms.matchAll(/\]\((https?:\/\/[^)]+)\)/g)].map((match) => match[1]!);
      const pageSet = new Set(await pages());
      const problems = urls.filter((url) => pageSet.has(new URL(url).pathname)).map((url) => `${url} links an HTML page, not its twin`);
      const answers = await Promise.all(
        urls.filter((url) => !url.endsWith('/mcp')).map(async (url) => [url, (await get(url)).status] as const),
      );
      return [...problems, ...answers.filter(([, status]) => status !== 200).map(([url, status]) => `${url} answered ${status}`)];
    },
  },
  {
    scanner: 'AFDocs',
    name: 'directive on every page (HTML near the top, twin under its heading)',
    run: () =>
      everyPage(async (path, answer) => {
        const body = answer.text.slice(answer.text.indexOf('<body'));
        const at = body.replace(/<nav[\s\S]*?<\/nav>/g, '').indexOf('/llms.txt');
        const twin = await get(twinOf(path));
        const twinAt = twin.text.indexOf('/llms.txt');
        return [
          ...(at >= 0 && at < body.length * 0.1 ? [] : ['no llms.txt directive in the first tenth of the body']),
          ...(twinAt >= 0 && twinAt < 400 ? [] : ['no llms.txt directive at the top of the twin']),
        ];
      }),
  },
  {
    scanner: 'Vercel',
    name: 'sitemap.md lists every page and its twin',
    run: async () => {
      const sitemap = await get('/sitemap.md');
      const listed = new Set([...sitemap.text.matchAll(/https?:\/\/[^)\s>]+/g)].map((match) => new URL(match[0]).pathname));
      const missing = (await pages()).filter((path) => !listed.has(path) || !listed.has(twinOf(path)));
      return [...expectOk(sitemap, '/sitemap.md', 'text/markdown'), ...missing.map((path) => `${path} or its twin is missing`)];
    },
  },
  {
    scanner: 'Vercel',
    name: 'JSON-LD with title, description, canonical and breadcrumbs on every page',
    run: () =>
      everyPage((path, answer) => {
        const blocks = [...answer.text.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((match) => {
          const parsed = JSON.parse(match[1]!) as unknown;
          return (Array.isArray(parsed) ? parsed : [parsed]) as Record<string, unknown>[];
        });
        const canonical = /<link rel="canonical" href="([^"]+)"/.exec(answer.text)?.[1];
        const named = blocks.some(
          (block) => typeof (block['name'] ?? block['headline']) === 'string' && typeof block['description'] === 'string',
        );
        return [
          ...(named ? [] : ['no JSON-LD node with a name and a description']),
          ...(canonical && new URL(canonical).pathname === path ? [] : [`canonical is ${canonical}`]),
          ...(path === '/' || blocks.some((block) => block['@type'] === 'BreadcrumbList') ? [] : ['no BreadcrumbList']),
        ];
      }),
  },
];

let failed = 0;
console.log(`agents:check against ${base}`);
for (const check of checks) {
  let result: Result;
  try {
    result = await check.run();
  } catch (error) {
    result = [`the check threw: ${error instanceof Error ? error.message : String(error)}`];
  }
  const problems = typeof result === 'string' ? [] : result;
  if (problems.length > 0) failed += 1;
  const detail = typeof result === 'string' ? ` (${result})` : '';
  console.log(`${problems.length === 0 ? 'PASS' : 'FAIL'}  ${check.scanner.padEnd(10)} ${check.name}${detail}`);
  for (const problem of problems.slice(0, 10)) console.log(`      ${problem}`);
  if (problems.length > 10) console.log(`      … and ${problems.length - 10} more`);
}
console.log(
  `${checks.length - failed} of ${checks.length} checks passed; not applicable by design: OAuth metadata (RFC 8414, RFC 9728), commerce (see docs/agents.md).`,
);
process.exitCode = failed === 0 ? 0 : 1;
