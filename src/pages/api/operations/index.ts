export const prerender = false;
export { GET, HEAD, OPTIONS, ALL } from '../../../api/astro-endpoint.ts';
