import { endpointFor } from '../../../api/astro-endpoint.ts';

export const prerender = false;
export const { GET, HEAD, OPTIONS, ALL } = endpointFor('getCategory');
