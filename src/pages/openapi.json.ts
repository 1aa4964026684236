/**
 * /openapi.json: the contract as a bare OpenAPI document, the file every OpenAPI tool reads from its
 * URL (the contract endpoints answer the same document inside the envelope and link here). Its media
 * type is set by path where the file is served (FILE_MEDIA_TYPES: the server and nginx).
 */
import type { APIRoute } from 'astro';
import { getCatalog } from '../catalog/astro-catalog.ts';
import { buildContract } from '../contract/build.ts';
import { OPENAPI_MEDIA_TYPE } from '../routes/urls.ts';

export const prerender = true;
export const GET: APIRoute = async () =>
  new Response(JSON.stringify(buildContract(await getCatalog())), { headers: { 'Content-Type': OPENAPI_MEDIA_TYPE } });
