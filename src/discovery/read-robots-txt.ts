/**
 * robots.txt as crawlers read it (RFC 9309), through robots-parser. matrix:check (Node) and the
 * workbench (in the browser) both read it here, so the two cannot disagree on what the file says.
 */
import robotsParser from 'robots-parser';

/** What a robots.txt says, as far as the site's checks need it. */
export interface RobotsReading {
  /** The URLs of its `Sitemap:` lines, as written. */
  sitemaps: string[];
  /** Those of `urls` that it does not allow to every crawler (`User-agent: *`). */
  blocked(urls: readonly string[]): string[];
}

/**
 * Reads the robots.txt served at `robotsUrl`. Its rules apply to that URL's origin only, so give
 * it absolute URLs to check; a site-relative `robotsUrl` is enough to read the sitemaps.
 */
export function readRobotsTxt(robotsUrl: string, text: string): RobotsReading {
  const robots = robotsParser(robotsUrl, text);
  return {
    sitemaps: robots.getSitemaps(),
    blocked: (urls) => urls.filter((url) => robots.isAllowed(url, '*') !== true),
  };
}
