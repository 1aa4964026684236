/** /sitemap.md: every page with its Markdown twin, grouped like llms.txt. */
import type { APIRoute } from 'astro';
import { getCatalog } from '../catalog/astro-catalog.ts';
import { MARKDOWN_MEDIA_TYPE } from '../discovery/markdown-twins.ts';
import { buildSitemapMd } from '../discovery/sitemap-md.ts';
import { siteUrl } from '../site/config.ts';

export const prerender = true;
export const GET: APIRoute = async () =>
  new Response(buildSitemapMd(await getCatalog(), siteUrl()), { headers: { 'Content-Type': MARKDOWN_MEDIA_TYPE } });
