/**
 * A build without SITE_URL names no host in what it serves to other machines: the contract's
 * server, the api-catalog and the MCP resource URIs. With SITE_URL, each names it.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { buildContract } from '../../src/contract/build.ts';
import { buildApiCatalog } from '../../src/discovery/api-catalog.ts';
import { mcpResourceUri } from '../../src/routes/mcp-endpoint.ts';
import { configuredSiteUrl } from '../../src/site/config.ts';

afterEach(() => vi.unstubAllEnvs());

const LOCAL = /localhost|127\.0\.0\.1|\[::1\]/;

it.each([undefined, '', '  '])('treats SITE_URL=%j as no host, in the contract, the api-catalog and MCP resource URIs', (value) => {
  vi.stubEnv('SITE_URL', value);
  expect(configuredSiteUrl()).toBeUndefined();
  expect(JSON.stringify(buildContract(loadCatalogFromFiles()).servers)).toBe('[{"url":"/"}]');
  expect(JSON.stringify(buildApiCatalog(configuredSiteUrl()))).not.toMatch(LOCAL);
  expect(mcpResourceUri('/about.md', configuredSiteUrl())).toBe('oficina-norte-catalog:/about.md');
  expect(new URL(mcpResourceUri('/about.md', configuredSiteUrl())).pathname).toBe('/about.md');
});

it('names the SITE_URL host in each when it is set', () => {
  vi.stubEnv('SITE_URL', 'https://catalog.example.org/');
  expect(configuredSiteUrl()).toBe('https://catalog.example.org');
  expect(buildContract(loadCatalogFromFiles()).servers).toEqual([{ url: 'https://catalog.example.org' }]);
  expect(buildApiCatalog(configuredSiteUrl()).linkset[0]?.anchor).toBe('https://catalog.example.org/.well-known/api-catalog');
  expect(mcpResourceUri('/about.md', configuredSiteUrl())).toBe('https://catalog.example.org/about.md');
});
