// Unknown /api paths: a JSON 404 envelope, never the HTML 404 page.
export const prerender = false;
export const GET = () => new Response('<html>nope</html>', { status: 404, headers: { 'Content-Type': 'text/html' } }); export { HEAD, OPTIONS, ALL } from '../../api/astro-endpoint.ts';
