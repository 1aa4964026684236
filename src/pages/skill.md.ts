/** /skill.md: what an agent can do with the catalog (the Agent Skill's own bytes, frontmatter included). */
import type { APIRoute } from 'astro';
import { getCatalog } from '../catalog/astro-catalog.ts';
import { buildSkillMd } from '../discovery/agent-skill.ts';
import { MARKDOWN_MEDIA_TYPE } from '../discovery/markdown-twins.ts';
import { toolListings } from '../mcp/tools.ts';
import { siteUrl } from '../site/config.ts';

export const prerender = true;
export const GET: APIRoute = async () => {
  const catalog = await getCatalog();
  return new Response(buildSkillMd(catalog, siteUrl(), toolListings(catalog)), { headers: { 'Content-Type': MARKDOWN_MEDIA_TYPE } });
};
