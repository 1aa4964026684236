/**
 * The CORS preflight of /mcp: the one every other path answers (src/api/response-policy.ts), from
 * the server alone and through nginx (`npm run test:nginx` runs this file again).
 */
import { describe, expect, inject, it } from 'vitest';
import { PREFLIGHT_HEADERS } from '../../src/api/response-policy.ts';
import { MCP_PATH } from '../../src/routes/mcp-endpoint.ts';
import { fetchApi } from '../support/api-call.ts';

const baseUrl = inject('baseUrl');

/** A browser's preflight of an MCP call from another origin. */
const preflight = {
  method: 'OPTIONS',
  headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
};

/** Every field but those of the moment, the connection and the limiter (which counts /mcp, not pages). */
const fields = (headers: Headers) =>
  [...headers].filter(([name]) => !/^(date|connection|keep-alive|ratelimit.*|retry-after)$/.test(name)).sort();

describe('OPTIONS /mcp', () => {
  it('answers 204 with the CORS preflight and every field a page’s preflight has', async () => {
    const [mcp, page] = await Promise.all([fetchApi(baseUrl, MCP_PATH, preflight), fetchApi(baseUrl, '/', preflight)]);
    expect(mcp.status).toBe(204);
    expect(mcp.text).toBeNull();
    for (const [name, value] of Object.entries(PREFLIGHT_HEADERS)) expect(mcp.headers.get(name), name).toBe(value);
    expect(page.status).toBe(204);
    expect(fields(mcp.headers)).toEqual(fields(page.headers));
  });
});
