/** Checks of the discovery documents: llms.txt, robots.txt and the XML sitemap. */
import { readRobotsTxt } from '../discovery/read-robots-txt.ts';
import { fail, pass } from './check.ts';
import type { Check, Fetched } from './types.ts';

/** The media type each document's extension calls for. */
function contentTypeCheck(path: string, contentType: string | null): Check | undefined {
  const expected = path.endsWith('.txt') ? 'text/plain' : path.endsWith('.xml') ? 'xml' : undefined;
  if (expected === undefined) return undefined;
  return contentType?.includes(expected)
    ? pass('content type', contentType)
    : fail('content type', `is ${contentType ?? 'missing'}, expected ${expected}`);
}

/** llms.txt (https://llmstxt.org/) opens with an H1: the site's name. */
function llmsTxtCheck(text: string): Check {
  const first = text.split('\n').find((line) => line.trim() !== '') ?? '';
  return first.startsWith('# ')
    ? pass('llms.txt format', `opens with the H1 "${first.slice(2, 50)}"`)
    : fail('llms.txt format', 'does not open with an H1 title ("# Name")');
}

/** robots.txt (RFC 9309) names the sitemap, and the sitemap it names is a document of this site. */
function robotsTxtCheck(path: string, text: string, documents: readonly string[]): Check {
  const { sitemaps } = readRobotsTxt(path, text);
  if (sitemaps.length === 0) return fail('robots.txt sitemap', 'names no Sitemap');
  const unknown = sitemaps.filter((url) => !URL.canParse(url) || !documents.includes(new URL(url).pathname));
  return unknown.length === 0
    ? pass('robots.txt sitemap', `names ${sitemaps.join(', ')}`)
    : fail('robots.txt sitemap', `names ${unknown.join(', ')}, which is not a document of this site`);
}

/** An XML sitemap parses and lists at least one location. */
function sitemapCheck(text: string): Check {
  const xml = new DOMParser().parseFromString(text, 'application/xml');
  if (xml.getElementsByTagName('parsererror').length > 0) return fail('sitemap XML', 'is not well-formed XML');
  const root = xml.documentElement.localName;
  const locations = xml.getElementsByTagNameNS('*', 'loc').length;
  if (root !== 'sitemapindex' && root !== 'urlset')
    return fail('sitemap XML', `the root element is <${root}>, expected <sitemapindex> or <urlset>`);
  return locations > 0 ? pass('sitemap XML', `<${root}> with ${locations} <loc>`) : fail('sitemap XML', `<${root}> lists no <loc>`);
}

/** The checks of one document; `documents` are the document paths of the inventory. */
export function documentChecks(path: string, fetched: Fetched, documents: readonly string[]): Check[] {
  if (fetched.status !== 200) return [];
  const checks: Check[] = [];
  const type = contentTypeCheck(path, fetched.headers.get('Content-Type'));
  if (type) checks.push(type);
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (name === 'llms.txt') checks.push(llmsTxtCheck(fetched.text));
  else if (name === 'robots.txt') checks.push(robotsTxtCheck(path, fetched.text, documents));
  else if (path.endsWith('.xml')) checks.push(sitemapCheck(fetched.text));
  else checks.push(fetched.bytes > 0 ? pass('content', `${fetched.bytes} bytes`) : fail('content', 'the body is empty'));
  return checks;
}
