/** The JSON Feed 1.1 of every language's edition (`/feed.json`, `/pt-br/feed.json`), written at build time. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCatalog } from '../catalog/astro-catalog.ts';
import { loadContent } from '../catalog/load-content.ts';
import { jsonFeed } from '../discovery/feeds.ts';
import { feedPaths } from '../discovery/paths.ts';
import { LOCALES, type Locale } from '../schemas/common.ts';
import { siteUrl } from '../site/config.ts';

export const prerender = true;

// The rest parameter is the path without its leading slash and `.json`.
export const getStaticPaths = (() =>
  LOCALES.map((locale) => ({
    params: { feed: feedPaths(locale).json.slice(1, -'.json'.length) },
    props: { locale },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ locale: Locale }> = async ({ props }) =>
  new Response(jsonFeed(await getCatalog(), loadContent().history.changes, siteUrl(), props.locale), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
