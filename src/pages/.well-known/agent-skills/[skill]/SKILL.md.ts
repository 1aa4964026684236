/** The Agent Skill's SKILL.md, in the folder named after the skill (agentskills.io). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCatalog } from '../../../../catalog/astro-catalog.ts';
import { buildSkillMd, SKILL_NAME } from '../../../../discovery/agent-skill.ts';
import { MARKDOWN_MEDIA_TYPE } from '../../../../discovery/markdown-twins.ts';
import { siteUrl } from '../../../../site/config.ts';

export const prerender = true;
export const getStaticPaths = (() => [{ params: { skill: SKILL_NAME } }]) satisfies GetStaticPaths;
export const GET: APIRoute = async () =>
  new Response(buildSkillMd(await getCatalog(), siteUrl()), { headers: { 'Content-Type': MARKDOWN_MEDIA_TYPE } });
