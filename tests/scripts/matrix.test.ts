/** Each matrix:check comparison fails, naming the difference, when a fixture breaks it. */
import { describe, expect, it } from 'vitest';
import {
  checkDiscoveryFiles,
  checkDocuments,
  checkDossiers,
  checkEndpoints,
  checkExports,
  checkGates,
  checkPages,
} from '../../scripts/lib/matrix.ts';
import { GATE_NAMES } from '../../scripts/lib/gates.ts';

const endpoints = ['/api/health', '/api/projects', '/api/projects/{slug}'];
const pages = ['/', '/projects/', '/projects/a/'];
const scripts = Object.fromEntries(GATE_NAMES.map((gate) => [gate, `run ${gate}`]));
const base = 'https://site.example';

describe('matrix:check comparisons', () => {
  it('agree on consistent fixtures', () => {
    const results = [
      checkEndpoints({
        routeTable: endpoints,
        endpointFiles: endpoints,
        contractPaths: endpoints,
        discoveryEndpoints: endpoints,
        auditEndpoints: 3,
      }),
      checkPages({ inventory: pages, sitemap: pages, htmlFiles: pages, discoveryPages: pages, auditPages: 3 }),
      checkDossiers({ content: ['a', 'b'], api: ['a', 'b'], auditOperations: 2 }),
      checkGates({ scripts, verifyPlan: [...GATE_NAMES], dossierGates: { a: ['site:export', 'build'] } }),
      checkExports({ dist: { 'x.json': '{}' }, generated: { 'x.json': '{}' }, api: { 'x.json': '{}' }, expected: ['x.json'] }),
      checkDocuments({
        documents: [{ path: '/llms.txt', mediaType: 'text/plain' }],
        served: { '/llms.txt': { status: 200, contentType: 'text/plain; charset=utf-8' } },
        discoveryDocuments: ['/llms.txt'],
        auditDocuments: ['/llms.txt'],
      }),
      checkDiscoveryFiles({
        base,
        robotsTxt: `User-agent: *\nAllow: /\nSitemap: ${base}/sitemap-index.xml\n`,
        sitemapUrls: [`${base}/`],
        llmsTxt: `- [Home](${base}/): home`,
        knownUrls: [`${base}/`],
      }),
    ];
    expect(results.flatMap((result) => result.problems)).toEqual([]);
  });

  it('documents: one missing from discovery, one served with the wrong media type, one not served', () => {
    const result = checkDocuments({
      documents: [
        { path: '/llms.txt', mediaType: 'text/plain' },
        { path: '/.well-known/api-catalog', mediaType: 'application/linkset+json' },
        { path: '/gone.txt', mediaType: 'text/plain' },
      ],
      served: {
        '/llms.txt': { status: 200, contentType: 'text/plain' },
        '/.well-known/api-catalog': { status: 200, contentType: 'application/octet-stream' },
        '/gone.txt': { status: 404, contentType: 'text/html' },
      },
      discoveryDocuments: ['/llms.txt', '/.well-known/api-catalog'],
      auditDocuments: ['/llms.txt', '/.well-known/api-catalog', '/gone.txt'],
    });
    expect(result.problems).toEqual([
      'discovery documents lacks 1 of document inventory: /gone.txt',
      '/.well-known/api-catalog is served as application/octet-stream, expected application/linkset+json',
      '/gone.txt answered 404, expected 200',
    ]);
  });

  it('endpoints: a route without an endpoint file, and a wrong audit count', () => {
    const result = checkEndpoints({
      routeTable: endpoints,
      endpointFiles: endpoints.slice(0, 2),
      contractPaths: endpoints,
      discoveryEndpoints: endpoints,
      auditEndpoints: 4,
    });
    expect(result.problems).toEqual([
      'src/pages/api files lacks 1 of route table: /api/projects/{slug}',
      'audit counts.endpoints says 4, but route table has 3',
    ]);
  });

  it('pages: a sitemap URL with no HTML file, and an extra discovery page', () => {
    const result = checkPages({
      inventory: pages,
      sitemap: pages,
      htmlFiles: pages.slice(1),
      discoveryPages: [...pages, '/ghost/'],
      auditPages: 3,
    });
    expect(result.problems).toEqual([
      'HTML files in dist/client lacks 1 of page inventory: /',
      'discovery page items has 1 not in page inventory: /ghost/',
    ]);
  });

  it('dossiers: the API misses one and the audit miscounts', () => {
    const result = checkDossiers({ content: ['a', 'b'], api: ['a'], auditOperations: 3 });
    expect(result.problems).toEqual([
      '/api/operations lacks 1 of content/operations: b',
      'audit counts.operations says 3, but content/operations has 2',
    ]);
  });

  it('gates: a missing script, a reordered verify, a dossier out of order', () => {
    const { lint: _lint, ...withoutLint } = scripts;
    const result = checkGates({ scripts: withoutLint, verifyPlan: ['lint', 'site:export'], dossierGates: { a: ['build', 'test'] } });
    expect(result.problems).toEqual([
      'package.json lacks the scripts: lint',
      `npm run verify runs [lint, site:export] instead of the canonical [${GATE_NAMES.join(', ')}]`,
      'dossier a lists its gates out of canonical order: build, test',
    ]);
  });

  it('exports: dist differs from site:export and from the endpoint', () => {
    const result = checkExports({
      dist: { 'x.json': '{"a":1}' },
      generated: { 'x.json': '{"a":2}' },
      api: { 'x.json': '{"a":3}' },
      expected: ['x.json', 'y.json'],
    });
    expect(result.problems).toEqual([
      'x.json in dist differs from generated/data/x.json (site:export)',
      "x.json in dist differs from its endpoint's payload",
      'y.json is missing from dist/client/data',
    ]);
  });

  it('robots.txt blocking a sitemap URL, a wrong Sitemap line, an llms.txt link to nowhere', () => {
    const result = checkDiscoveryFiles({
      base,
      robotsTxt: `User-agent: *\nDisallow: /projects/\nSitemap: ${base}/sitemap.xml\n`,
      sitemapUrls: [`${base}/`, `${base}/projects/`],
      llmsTxt: `- [Home](${base}/): home\n- [Gone](${base}/gone/): gone`,
      knownUrls: [`${base}/`],
    });
    expect(result.problems).toEqual([
      `robots.txt disallows 1 sitemap URLs: ${base}/projects/`,
      `robots.txt Sitemap: lines are [${base}/sitemap.xml], expected ${base}/sitemap-index.xml`,
      `llms.txt links 1 unknown routes: ${base}/gone/`,
    ]);
  });
});
