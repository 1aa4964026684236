/** The Agent Skill's SKILL.md, in the folder named after the skill (agentskills.io): the bytes of /skill.md. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCatalog } from '../../../../catalog/astro-catalog.ts';
import { buildSkillMd, SKILL_NAME } from '../../../../discovery/agent-skill.ts';
import { MARKDOWN_MEDIA_TYPE } from '../../../../discovery/markdown-twins.ts';
import { toolListings } from '../../../../mcp/tools.ts';
import { siteUrl } from '../../../../site/config.ts';

export const prerender = true;
export const getStaticPaths = (() => [{ params: { skill: SKILL_NAME } }]) satisfies GetStaticPaths;
export const GET: APIRoute = async () => {
  const catalog = await getCatalog();
  return new Response(buildSkillMd(catalog, siteUrl(), toolListings(catalog)), { headers: { 'Content-Type': MARKDOWN_MEDIA_TYPE } });
};
