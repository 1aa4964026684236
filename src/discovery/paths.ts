/** Paths of discovery documents that several modules name (kept apart so none of them import each other). */
import { LOCALE_SEGMENTS } from '../routes/locale-paths.ts';
import { MCP_SERVER_NAME } from '../routes/mcp-endpoint.ts';
import type { Locale } from '../schemas/common.ts';

/** Where llms.txt is published. */
export const LLMS_TXT_PATH = '/llms.txt';
/** Where llms-full.txt is published. */
export const LLMS_FULL_TXT_PATH = '/llms-full.txt';
/** What an agent can do with the site, as Markdown (Mintlify's skill.md). */
export const SKILL_MD_PATH = '/skill.md';
/** Every page with its twin, grouped like llms.txt (Vercel's agent readability spec). */
export const SITEMAP_MD_PATH = '/sitemap.md';
/** The Agent Skills discovery index (agentskills.io discovery 0.2.0). */
export const AGENT_SKILLS_INDEX_PATH = '/.well-known/agent-skills/index.json';
/** The AI Catalog, which lists the MCP server card. */
export const AI_CATALOG_PATH = '/.well-known/ai-catalog.json';
/** The Agent Skill's name, the MCP server's (lowercase letters, digits and single hyphens, as agentskills.io wants). */
export const SKILL_NAME = MCP_SERVER_NAME;
/** Where the Agent Skill's SKILL.md is published: in a folder named after the skill. */
export const SKILL_PATH = `/.well-known/agent-skills/${SKILL_NAME}/SKILL.md`;
/** The change feeds (src/discovery/feeds.ts): Atom and JSON Feed 1.1, at the site root like the sitemap. */
export const FEED_ATOM_PATH = '/feed.atom';
export const FEED_JSON_PATH = '/feed.json';

/** A file of one language's edition: the default's at `path`, another's in its folder (`/pt-br/feed.atom`). */
export function localeFilePath(path: string, locale: Locale): string {
  const segment = LOCALE_SEGMENTS[locale];
  return segment === undefined ? path : `/${segment}${path}`;
}

/** The change feeds of `locale`'s edition: its Atom and JSON Feed paths. */
export function feedPaths(locale: Locale): { atom: string; json: string } {
  return { atom: localeFilePath(FEED_ATOM_PATH, locale), json: localeFilePath(FEED_JSON_PATH, locale) };
}
