// Unknown /api paths: a JSON 404 envelope, never the HTML 404 page.
export const prerender = false;
export { GET, HEAD, OPTIONS, ALL } from '../../api/astro-endpoint.ts';
