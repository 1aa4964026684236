// Unknown /api paths: a JSON 404 envelope, never the HTML 404 page.
import { endpointFor } from '../../api/astro-endpoint.ts';

export const prerender = false;
export const { GET, HEAD, OPTIONS, ALL } = endpointFor(null);
