/** The static exports: each the default payload of its endpoint, from the same builder. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { defaultPayloadJson } from '../../api/handlers.ts';
import { EXPORT_ROUTES, routeById, type RouteId } from '../../routes/routes.ts';
import { getCatalog } from '../../catalog/astro-catalog.ts';

export const prerender = true;

export const getStaticPaths = (() =>
  EXPORT_ROUTES.map((route) => ({ params: { file: route.exportFile }, props: { id: route.id } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ id: RouteId }> = async ({ props }) =>
  new Response(defaultPayloadJson(routeById(props.id), await getCatalog()), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
