import type { APIRoute } from 'astro';
import { buildRobotsTxt } from '../discovery/llms-txt.ts';
import { siteUrl } from '../site/config.ts';

export const prerender = true;
export const GET: APIRoute = () => new Response(buildRobotsTxt(siteUrl()), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
