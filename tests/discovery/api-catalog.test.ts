/** /.well-known/api-catalog (RFC 9727) as src/discovery writes it: the linkset, written out by hand. */
import { expect, it } from 'vitest';
import { API_CATALOG_MEDIA_TYPE, API_CATALOG_PATH, buildApiCatalog } from '../../src/discovery/api-catalog.ts';
import { CONTRACT_DOCUMENT_PATH, OPENAPI_MEDIA_TYPE } from '../../src/routes/urls.ts';

it('is served at the registered path with the linkset media type and the RFC 9727 profile', () => {
  expect(API_CATALOG_PATH).toBe('/.well-known/api-catalog');
  expect(API_CATALOG_MEDIA_TYPE).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
});

it('points at the API (contract, reference, health) and at the MCP endpoint, with absolute URLs', () => {
  expect(buildApiCatalog('https://studio.example')).toEqual({
    linkset: [
      {
        anchor: 'https://studio.example/.well-known/api-catalog',
        item: [{ href: 'https://studio.example/api/' }, { href: 'https://studio.example/mcp' }],
      },
      {
        anchor: 'https://studio.example/api/',
        'service-desc': [
          {
            href: 'https://studio.example/openapi.json',
            type: 'application/vnd.oai.openapi+json;version=3.1',
            title: 'OpenAPI 3.1 contract',
          },
        ],
        'service-doc': [{ href: 'https://studio.example/openapi/', type: 'text/html', title: 'API reference' }],
        status: [{ href: 'https://studio.example/api/health', type: 'application/json', title: 'Operational status' }],
        alternate: [
          { href: 'https://studio.example/feed.atom', type: 'application/atom+xml', title: 'Catalog changes (Atom)' },
          { href: 'https://studio.example/feed.json', type: 'application/feed+json', title: 'Catalog changes (JSON Feed 1.1)' },
        ],
      },
      {
        anchor: 'https://studio.example/mcp',
        'service-doc': [
          {
            href: 'https://studio.example/llms.txt',
            type: 'text/plain',
            title:
              'Model Context Protocol server (Streamable HTTP, stateless, read-only): tools to search the catalog, get an entry, list a directory with filters and a cursor, and read a document; every page as a Markdown resource.',
          },
        ],
      },
    ],
  });
});

it('points at the bare OpenAPI document, with its media type', () => {
  expect([CONTRACT_DOCUMENT_PATH, OPENAPI_MEDIA_TYPE]).toEqual(['/openapi.json', 'application/vnd.oai.openapi+json;version=3.1']);
});

it('names no host without a base URL (a build without SITE_URL): every reference is relative to the catalog', () => {
  const text = JSON.stringify(buildApiCatalog(undefined));
  expect(text).not.toMatch(/localhost|127\.0\.0\.1|:\/\//);
  const linkset = buildApiCatalog(undefined).linkset;
  expect(linkset[0]).toEqual({ anchor: '/.well-known/api-catalog', item: [{ href: '/api/' }, { href: '/mcp' }] });
  expect(linkset[1]?.['service-desc']).toEqual([{ href: '/openapi.json', type: OPENAPI_MEDIA_TYPE, title: 'OpenAPI 3.1 contract' }]);
});

it('follows the base URL it is given', () => {
  const linkset = buildApiCatalog('http://127.0.0.1:4321').linkset;
  expect(linkset[0]?.anchor).toBe('http://127.0.0.1:4321/.well-known/api-catalog');
  expect(linkset[1]?.anchor).toBe('http://127.0.0.1:4321/api/');
});
