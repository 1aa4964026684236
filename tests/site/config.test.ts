/** The public base URL every absolute URL derives from. */
import { describe, expect, it } from 'vitest';
import { absoluteUrl, DEFAULT_SITE_URL, siteUrl } from '../../src/site/config.ts';

describe('siteUrl', () => {
  it('reads SITE_URL without its trailing slashes', () => {
    expect(siteUrl({ SITE_URL: 'https://catalog.example.org/' })).toBe('https://catalog.example.org');
    expect(siteUrl({ SITE_URL: '  https://catalog.example.org/base//  ' })).toBe('https://catalog.example.org/base');
  });

  it('falls back to the local default when SITE_URL is unset or blank', () => {
    expect(DEFAULT_SITE_URL).toBe('http://localhost:4321');
    expect(siteUrl({})).toBe('http://localhost:4321');
    expect(siteUrl({ SITE_URL: '   ' })).toBe('http://localhost:4321');
  });

  it('refuses a base that is not http(s)', () => {
    expect(() => siteUrl({ SITE_URL: 'ftp://catalog.example.org' })).toThrow(
      'SITE_URL must be an http(s) URL; got "ftp://catalog.example.org"',
    );
    expect(() => siteUrl({ SITE_URL: 'not a url' })).toThrow();
  });
});

describe('absoluteUrl', () => {
  it('joins a site path to the base', () => {
    expect(absoluteUrl('/projects/docs-hub/', 'https://catalog.example.org')).toBe('https://catalog.example.org/projects/docs-hub/');
    expect(absoluteUrl('/', 'http://localhost:4321')).toBe('http://localhost:4321/');
  });
});
