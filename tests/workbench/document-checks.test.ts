/**
 * The checks of the discovery documents: media type, llms.txt's H1, robots.txt's Sitemap line
 * (read by robots-parser, as matrix:check reads it). The XML sitemap check needs the browser's
 * DOMParser, so tests/e2e/workbench.spec.ts covers it.
 */
import { describe, expect, it } from 'vitest';
import { buildRobotsTxt } from '../../src/discovery/robots-txt.ts';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { documentChecks } from '../../src/workbench/document-checks.ts';
import { fetched } from '../support/fetched.ts';

const DOCUMENTS = ['/llms.txt', '/robots.txt', '/sitemap-index.xml'];
const TEXT = { 'Content-Type': 'text/plain; charset=utf-8' };

describe('llms.txt', () => {
  it('passes a text/plain file opening with an H1', () => {
    expect(documentChecks('/llms.txt', fetched('/llms.txt', '\n# Oficina Norte\n\n> A studio.\n', TEXT), DOCUMENTS)).toEqual([
      { name: 'content type', ok: true, reason: 'text/plain; charset=utf-8' },
      { name: 'llms.txt format', ok: true, reason: 'opens with the H1 "Oficina Norte"' },
    ]);
  });

  it('fails a file opening with anything else, and a wrong media type', () => {
    expect(documentChecks('/llms.txt', fetched('/llms.txt', '## Section\n# Title\n', { 'Content-Type': 'text/html' }), DOCUMENTS)).toEqual([
      { name: 'content type', ok: false, reason: 'is text/html, expected text/plain' },
      { name: 'llms.txt format', ok: false, reason: 'does not open with an H1 title ("# Name")' },
    ]);
  });
});

describe('robots.txt', () => {
  const check = (text: string) => documentChecks('/robots.txt', fetched('/robots.txt', text, TEXT), DOCUMENTS)[1];

  it('passes the robots.txt the site writes', () => {
    expect(check(buildRobotsTxt(loadCatalogFromFiles(), 'https://studio.example'))).toEqual({
      name: 'robots.txt sitemap',
      ok: true,
      reason: 'names https://studio.example/sitemap-index.xml',
    });
  });

  it('reads Sitemap lines in any case and spacing, and skips comments', () => {
    const text =
      '# Sitemap: https://studio.example/old.xml\nUser-agent: *\n  sitemap :https://studio.example/sitemap-index.xml # the index\n';
    expect(check(text)?.reason).toBe('names https://studio.example/sitemap-index.xml');
  });

  it('fails without a Sitemap line', () => {
    expect(check('User-agent: *\nAllow: /\n')).toEqual({ name: 'robots.txt sitemap', ok: false, reason: 'names no Sitemap' });
  });

  it('fails a sitemap that is not a document of the site, or not a URL', () => {
    expect(check('Sitemap: https://studio.example/other.xml\n')?.reason).toBe(
      'names https://studio.example/other.xml, which is not a document of this site',
    );
    expect(check('Sitemap: /sitemap-index.xml\n')?.reason).toBe('names /sitemap-index.xml, which is not a document of this site');
  });
});

describe('other documents', () => {
  it('checks that the body is not empty', () => {
    expect(documentChecks('/humans.txt', fetched('/humans.txt', 'Team', TEXT), DOCUMENTS)).toEqual([
      { name: 'content type', ok: true, reason: 'text/plain; charset=utf-8' },
      { name: 'content', ok: true, reason: '4 bytes' },
    ]);
    expect(documentChecks('/humans.txt', fetched('/humans.txt', '', TEXT), DOCUMENTS)[1]).toEqual({
      name: 'content',
      ok: false,
      reason: 'the body is empty',
    });
  });

  it('adds nothing to a response that is not a 200 (the status check reports it)', () => {
    expect(documentChecks('/robots.txt', fetched('/robots.txt', 'Not found', TEXT, 404), DOCUMENTS)).toEqual([]);
  });
});

describe('the API catalog check', () => {
  const LINKSET = { 'Content-Type': 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"' };
  const catalog = (href: unknown) =>
    JSON.stringify({
      linkset: [{ anchor: '/api/', 'service-desc': [{ href }], 'service-doc': [{ href: '/openapi/' }], status: [{ href: '/api/health' }] }],
    });
  const check = (href: unknown) => {
    const response = fetched('/.well-known/api-catalog', catalog(href), LINKSET);
    return documentChecks('/.well-known/api-catalog', { ...response, json: JSON.parse(response.text) as unknown }, DOCUMENTS).at(-1);
  };

  it('takes absolute URLs and site paths (a build without SITE_URL names no host)', () => {
    expect(check('https://studio.example/openapi.json')?.ok).toBe(true);
    expect(check('/openapi.json')?.ok).toBe(true);
  });

  it('refuses a link that is neither', () => {
    for (const href of ['openapi.json', '//other.example/x', 42, '/with space'])
      expect(check(href), String(href)).toMatchObject({ ok: false });
  });
});
