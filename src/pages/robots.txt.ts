import type { APIRoute } from 'astro';
import { getCatalog } from '../catalog/astro-catalog.ts';
import { buildRobotsTxt } from '../discovery/robots-txt.ts';
import { siteUrl } from '../site/config.ts';

export const prerender = true;
export const GET: APIRoute = async () =>
  new Response(buildRobotsTxt(await getCatalog(), siteUrl()), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
