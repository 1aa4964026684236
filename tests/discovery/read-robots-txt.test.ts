/** robots.txt as matrix:check and the workbench read it: Sitemap lines and what is blocked to every crawler. */
import { describe, expect, it } from 'vitest';
import { readRobotsTxt } from '../../src/discovery/read-robots-txt.ts';

const base = 'https://studio.example';

describe('readRobotsTxt', () => {
  it('lists the Sitemap lines, as written', () => {
    const text = `User-agent: *\nAllow: /\nSitemap: ${base}/sitemap-index.xml\nSITEMAP:${base}/extra.xml\n# Sitemap: ${base}/old.xml\n`;
    expect(readRobotsTxt(`${base}/robots.txt`, text).sitemaps).toEqual([`${base}/sitemap-index.xml`, `${base}/extra.xml`]);
    expect(readRobotsTxt('/robots.txt', text).sitemaps).toEqual([`${base}/sitemap-index.xml`, `${base}/extra.xml`]);
  });

  it('finds the URLs blocked to every crawler, the longest rule winning', () => {
    const text = 'User-agent: Somebot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\nAllow: /private/open/\n';
    const robots = readRobotsTxt(`${base}/robots.txt`, text);
    expect(robots.blocked([`${base}/`, `${base}/private/a`, `${base}/private/open/b`, `${base}/public/`])).toEqual([`${base}/private/a`]);
  });

  it('blocks nothing when everything is allowed, and treats URLs of another origin as blocked', () => {
    const robots = readRobotsTxt(`${base}/robots.txt`, 'User-agent: *\nAllow: /\n');
    expect(robots.blocked([`${base}/`, `${base}/a/b?c=d`])).toEqual([]);
    expect(robots.blocked(['https://elsewhere.example/'])).toEqual(['https://elsewhere.example/']);
  });
});
