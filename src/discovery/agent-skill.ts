/**
 * What an agent can do with this catalog, as one Markdown file: /skill.md (Mintlify's check) and the
 * same bytes as an Agent Skill (agentskills.io: SKILL.md with YAML frontmatter), listed in the
 * discovery index at /.well-known/agent-skills/index.json (Agent Skills Discovery 0.2.0) with the
 * SHA-256 digest of the file. Everything in it comes from the route table, the MCP tools (tools/list,
 * handed over by the build) and the limits the request path enforces: nothing here is typed twice.
 */
import yaml from 'js-yaml';
import { EXPORT_ROUTES, ROUTES, type RouteSpec } from '../routes/routes.ts';
import { CONTRACT_DOCUMENT_PATH, exportPath } from '../routes/urls.ts';
import { MAX_LIMIT, MAX_QUERY_LENGTH, MAX_VALUE_LENGTH } from '../routes/params.ts';
import {
  MCP_MAX_BODY_BYTES,
  MCP_PATH,
  MCP_PROTOCOL_VERSIONS,
  MCP_RESOURCE_LANGUAGE_META,
  MCP_RESOURCE_PAGE_SIZE,
} from '../routes/mcp-endpoint.ts';
import { localizedPath } from '../routes/locale-paths.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { DEFAULT_LOCALE, LOCALE_LANGUAGES, LOCALES } from '../schemas/common.ts';
import { SITE_NAME, SITE_VERSION, absoluteUrl } from '../site/config.ts';
import { API_CATALOG_PATH } from './api-catalog.ts';
import {
  AGENT_SKILLS_INDEX_PATH,
  AI_CATALOG_PATH,
  LLMS_FULL_TXT_PATH,
  LLMS_TXT_PATH,
  SITEMAP_MD_PATH,
  SKILL_MD_PATH,
  SKILL_NAME,
  SKILL_PATH,
} from './paths.ts';
import { SERVER_CARD_PATH } from './server-card.ts';
import { twinPath } from './markdown-twins.ts';

export { SKILL_NAME, SKILL_PATH };

/** The discovery index's schema URL (version 0.2.0 of the draft). */
export const AGENT_SKILLS_INDEX_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

/** What the skill does and when to use it (the frontmatter's description, at most 1024 characters). */
export function skillDescription(catalog: Catalog): string {
  return `Read ${SITE_NAME}'s public catalog (${catalog.profile.headline[DEFAULT_LOCALE]}) through its read-only JSON API, its MCP server, the Markdown twin of every page and static JSON exports. Use it to answer questions about the studio's portfolio, projects, stacks, capabilities, operations, journeys and trust documents.`;
}

/** One route's line: method, absolute URL, summary, then its parameters. */
function routeLine(route: RouteSpec, base: string): string {
  const params = route.params.map((param) => `\`${param.name}\` (${param.kind})`).join(', ');
  return `- \`GET ${absoluteUrl(route.path, base)}\`: ${route.summary}.${params ? ` Parameters: ${params}.` : ''}`;
}

/** An MCP tool as tools/list lists it, as far as the skill says it (the build hands them over: MCP is a sibling output). */
export interface SkillTool {
  name: string;
  description: string;
  inputSchema: { properties: Record<string, unknown>; required?: readonly string[] };
}

/** The skill's Markdown body, after the frontmatter. */
function skillBody(catalog: Catalog, base: string, tools: readonly SkillTool[]): string[] {
  const url = (path: string) => absoluteUrl(path, base);
  return [
    `# ${SITE_NAME} catalog`,
    '',
    `> ${catalog.profile.headline[DEFAULT_LOCALE]} Everything here is public and read-only: no account, no key.`,
    '',
    '## Start here',
    '',
    `- <${url(LLMS_TXT_PATH)}>: the index of the site for language models; <${url(LLMS_FULL_TXT_PATH)}> is the whole catalog in one Markdown file.`,
    `- <${url(SITEMAP_MD_PATH)}>: every page of every language with its Markdown twin.`,
    `- <${url(API_CATALOG_PATH)}>: the API catalog (RFC 9727), pointing at the OpenAPI contract, <${url(CONTRACT_DOCUMENT_PATH)}>.`,
    `- <${url(AI_CATALOG_PATH)}> and <${url(SERVER_CARD_PATH)}>: the MCP server card.`,
    `- <${url(AGENT_SKILLS_INDEX_PATH)}>: this skill, as an Agent Skill.`,
    '',
    '## JSON API',
    '',
    `Methods GET, HEAD and OPTIONS. Every response is a JSON envelope (request_id, timestamp, method, path, query, payload); an error adds an RFC 9457 \`error\` with a stable \`code\`. Localized endpoints take \`lang\` (${LOCALES.join(' or ')}).`,
    '',
    ...ROUTES.map((route) => routeLine(route, base)),
    '',
    '## MCP server',
    '',
    `Streamable HTTP at <${url(MCP_PATH)}>, stateless, protocol versions ${MCP_PROTOCOL_VERSIONS.join(' and ')}. Its tools answer with the API's payloads:`,
    '',
    ...tools.map((tool) => {
      const required = new Set(tool.inputSchema.required ?? []);
      const inputs = Object.keys(tool.inputSchema.properties).map((name) => `\`${name}\`${required.has(name) ? ' (required)' : ''}`);
      return `- \`${tool.name}\`: ${tool.description}${inputs.length > 0 ? ` Arguments: ${inputs.join(', ')}.` : ''}`;
    }),
    `- Resources: every page's Markdown twin in every language (the language in \`_meta["${MCP_RESOURCE_LANGUAGE_META}"]\`), ${MCP_RESOURCE_PAGE_SIZE} per resources/list page (follow nextCursor).`,
    '',
    '## Markdown twins',
    '',
    "Every page has a Markdown twin at its path without the trailing slash plus `.md` (`/` is `/index.md`). The page's own URL answers with the twin to `Accept: text/markdown` or to an Accept that prefers `text/plain` to `text/html`; its `Link` header names the twin.",
    ...LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).flatMap((locale) => {
      const home = localizedPath('/', locale);
      return [
        '',
        `Every page is also in ${LOCALE_LANGUAGES[locale]} (${locale}) under \`${home}\` with the same path after it, and so is its twin, written in that language (\`${home}\` is \`${twinPath(home)}\`).`,
      ];
    }),
    '',
    '## Data exports',
    '',
    ...EXPORT_ROUTES.map((route) => `- <${url(exportPath(route.exportFile))}>: the default payload of \`${route.path}\`, byte for byte.`),
    '',
    '## Limits',
    '',
    `- Pages: without \`limit\` a directory returns its whole list; with it, 1 to ${MAX_LIMIT} items a page, followed with \`cursor\` (next_cursor, and a \`Link\` rel="next").`,
    `- \`q\` holds at most ${MAX_QUERY_LENGTH} characters; any other parameter at most ${MAX_VALUE_LENGTH}.`,
    `- An MCP request body holds at most ${MCP_MAX_BODY_BYTES} bytes.`,
    '- Rate limit: requests to /api and /mcp count per client; every answer there says the quota in `RateLimit-Policy` and what is left in `RateLimit`. Over it, the answer is 429 with `Retry-After` (seconds).',
    '',
  ];
}

/** The SKILL.md (and /skill.md): YAML frontmatter, then the body. */
export function buildSkillMd(catalog: Catalog, base: string, tools: readonly SkillTool[]): string {
  const frontmatter = yaml.dump(
    {
      name: SKILL_NAME,
      description: skillDescription(catalog),
      metadata: { site: absoluteUrl('/', base), version: SITE_VERSION, source: absoluteUrl(SKILL_MD_PATH, base) },
    },
    { lineWidth: -1 },
  );
  return ['---', frontmatter.trimEnd(), '---', '', ...skillBody(catalog, base, tools)].join('\n');
}

/** The discovery index, given the SHA-256 of the SKILL.md bytes as lowercase hex. */
export function buildSkillIndex(catalog: Catalog, sha256Hex: string) {
  return {
    $schema: AGENT_SKILLS_INDEX_SCHEMA,
    skills: [
      { name: SKILL_NAME, type: 'skill-md', description: skillDescription(catalog), url: SKILL_PATH, digest: `sha256:${sha256Hex}` },
    ],
  };
}
