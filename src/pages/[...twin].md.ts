/** The Markdown twin of every page in every language (`/projects/docs-hub.md`, `/index.md`, `/pt-br/index.md`), written at build time. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCatalog } from '../catalog/astro-catalog.ts';
import { MARKDOWN_MEDIA_TYPE, markdownTwins } from '../discovery/markdown-twins.ts';
import { configuredSiteUrl } from '../site/config.ts';

export const prerender = true;

export const getStaticPaths = (async () =>
  markdownTwins(await getCatalog(), configuredSiteUrl()).map((twin) => ({
    // The rest parameter is the path without its leading slash and `.md`.
    params: { twin: twin.path.slice(1, -'.md'.length) },
    props: { markdown: twin.markdown },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ markdown: string }> = ({ props }) =>
  new Response(props.markdown, { headers: { 'Content-Type': MARKDOWN_MEDIA_TYPE } });
