/**
 * Every API URL the site prints, derived from the route specs: pages, components, discovery,
 * scripts and the workbench ask here instead of typing a path.
 */
import type { CollectionName, CollectionsSource } from '../schemas/collections.ts';
import { CONTRACT_DOCUMENT_PATH, ROUTES, routeById, type RouteId, type RouteSpec } from './routes.ts';

export { CONTRACT_DOCUMENT_PATH };

/**
 * The bare contract's media type: the OpenAPI Initiative's, registered with IANA, with the major and
 * minor version (application/openapi+json is still an Internet-Draft, draft-ietf-httpapi-rest-api-mediatypes).
 */
export const OPENAPI_MEDIA_TYPE = 'application/vnd.oai.openapi+json;version=3.1';

/** Files whose media type is not their extension's: the server and the nginx includes both read this. */
export const FILE_MEDIA_TYPES: Readonly<Record<string, string>> = { [CONTRACT_DOCUMENT_PATH]: OPENAPI_MEDIA_TYPE };

/** Where the API lives: every endpoint path starts with it. */
export const API_PREFIX = '/api';
/** Where the static exports live. */
const EXPORTS_PREFIX = '/data/';

/** A detail route's path with its `{slug}` filled in. */
function withSlug(route: RouteSpec, slug: string): string {
  return route.path.replace('{slug}', encodeURIComponent(slug));
}

/** The URL of a route; detail routes need the slug. */
export function apiUrl(id: RouteId, slug?: string): string {
  const route = routeById(id);
  if (route.detail === undefined) return route.path;
  if (slug === undefined) throw new Error(`apiUrl: ${id} is a detail route and needs a slug`);
  return withSlug(route, slug);
}

/** The JSON twin of an entry: its detail endpoint, or the directory that lists it. */
export function entryApiUrl(collection: CollectionName, slug: string): string {
  const routes = ROUTES;
  const detail = routes.find((route) => route.detail === collection);
  if (detail) return withSlug(detail, slug);
  const directory = routes.find((route) => route.lists === collection);
  if (!directory) throw new Error(`entryApiUrl: no route lists ${collection}`);
  return directory.path;
}

/** A concrete URL for a route: detail routes use the first slug of their collection. */
export function exampleUrl(route: RouteSpec, catalog: CollectionsSource): string {
  if (!route.detail) return route.path;
  const first = (catalog.collections[route.detail] as { slug: string }[])[0];
  return withSlug(route, first?.slug ?? '');
}

/** Public path of an export file. */
export function exportPath(file: string): string {
  return `${EXPORTS_PREFIX}${file}`;
}

/** True for paths the API answers (every method, every path under the prefix). */
export function isApiPath(path: string): boolean {
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}
