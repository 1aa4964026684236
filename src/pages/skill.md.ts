/** /skill.md: what an agent can do with the catalog (the Agent Skill's own bytes, frontmatter included). */
import type { APIRoute } from 'astro';
import { getCatalog } from '../catalog/astro-catalog.ts';
import { buildSkillMd } from '../discovery/agent-skill.ts';
import { MARKDOWN_MEDIA_TYPE } from '../discovery/markdown-twins.ts';
import { siteUrl } from '../site/config.ts';

export const prerender = true;
export const GET: APIRoute = async () =>
  new Response(buildSkillMd(await getCatalog(), siteUrl()), { headers: { 'Content-Type': MARKDOWN_MEDIA_TYPE } });
