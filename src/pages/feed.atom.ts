import type { APIRoute } from 'astro';
import { getCatalog } from '../catalog/astro-catalog.ts';
import { loadContent } from '../catalog/load-content.ts';
import { atomFeed } from '../discovery/feeds.ts';
import { siteUrl } from '../site/config.ts';

export const prerender = true;
export const GET: APIRoute = async () =>
  new Response(atomFeed(await getCatalog(), loadContent().history.changes, siteUrl()), {
    headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' },
  });
