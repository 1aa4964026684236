/** The Atom change feed of every language's edition (`/feed.atom`, `/pt-br/feed.atom`), written at build time. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCatalog } from '../catalog/astro-catalog.ts';
import { loadContent } from '../catalog/load-content.ts';
import { atomFeed } from '../discovery/feeds.ts';
import { feedPaths } from '../discovery/paths.ts';
import { LOCALES, type Locale } from '../schemas/common.ts';
import { siteUrl } from '../site/config.ts';

export const prerender = true;

// The rest parameter is the path without its leading slash and `.atom`.
export const getStaticPaths = (() =>
  LOCALES.map((locale) => ({
    params: { feed: feedPaths(locale).atom.slice(1, -'.atom'.length) },
    props: { locale },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ locale: Locale }> = async ({ props }) =>
  new Response(atomFeed(await getCatalog(), loadContent().history.changes, siteUrl(), props.locale), {
    headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' },
  });
