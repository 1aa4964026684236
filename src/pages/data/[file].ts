/** The nine static exports: each the default payload of its endpoint, from the same builder. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { EXPORT_ROUTES, ROUTES } from '../../api/routes.ts';
import { getCatalog } from '../../catalog/index.ts';
import { defaultPayloadJson } from '../../discovery/exports.ts';

export const prerender = true;

export const getStaticPaths = (() =>
  EXPORT_ROUTES.map((route) => ({ params: { file: route.exportFile }, props: { id: route.id } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ id: string }> = async ({ props }) => {
  const route = ROUTES.find((candidate) => candidate.id === props.id)!;
  return new Response(defaultPayloadJson(route, ROUTES, await getCatalog()), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
