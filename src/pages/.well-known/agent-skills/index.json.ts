/** The Agent Skills discovery index (0.2.0): the skill with the SHA-256 of the SKILL.md bytes it points at. */
import { createHash } from 'node:crypto';
import type { APIRoute } from 'astro';
import { getCatalog } from '../../../catalog/astro-catalog.ts';
import { buildSkillIndex, buildSkillMd } from '../../../discovery/agent-skill.ts';
import { toolListings } from '../../../mcp/tools.ts';
import { siteUrl } from '../../../site/config.ts';

export const prerender = true;
export const GET: APIRoute = async () => {
  const catalog = await getCatalog();
  const digest = createHash('sha256')
    .update(buildSkillMd(catalog, siteUrl(), toolListings(catalog)))
    .digest('hex');
  return new Response(JSON.stringify(buildSkillIndex(catalog, digest), null, 2), { headers: { 'Content-Type': 'application/json' } });
};
