/** Checks of the discovery documents: llms.txt, llms-full.txt, robots.txt, the XML sitemap and the API catalog. */
import { API_CATALOG_PATH, API_CATALOG_PROFILE } from '../discovery/api-catalog.ts';
import { readRobotsTxt } from '../discovery/read-robots-txt.ts';
import { fail, isRecord, pass } from './check.ts';
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

/** The link relations RFC 9727 asks the API catalog to give agents, and the profile it is served with. */
const API_CATALOG_RELATIONS = ['service-desc', 'service-doc', 'status'] as const;

/**
 * The API catalog (RFC 9727): a linkset with its profile, whose service-desc, service-doc and status
 * links are absolute URLs or paths of this site, resolved against the catalog (RFC 9264 §4.2; a
 * build without SITE_URL names no host).
 */
function apiCatalogCheck(fetched: Fetched): Check {
  const type = fetched.headers.get('Content-Type') ?? '';
  if (!type.startsWith('application/linkset+json') || !type.includes(API_CATALOG_PROFILE))
    return fail('API catalog', `is served as ${type || 'nothing'}, expected application/linkset+json with the RFC 9727 profile`);
  const contexts = isRecord(fetched.json) && Array.isArray(fetched.json['linkset']) ? fetched.json['linkset'] : [];
  const targets = (relation: string) =>
    contexts.flatMap((context: unknown) => (isRecord(context) && Array.isArray(context[relation]) ? context[relation] : []));
  const lacking = API_CATALOG_RELATIONS.filter((relation) => targets(relation).length === 0);
  if (lacking.length > 0) return fail('API catalog', `has no ${lacking.join(', ')} link`);
  const hrefs = API_CATALOG_RELATIONS.flatMap((relation) => targets(relation)).map((link: unknown) =>
    isRecord(link) ? link['href'] : undefined,
  );
  const invalid = hrefs.filter((href) => typeof href !== 'string' || !(URL.canParse(href) || /^\/(?!\/)\S*$/.test(href)));
  return invalid.length === 0
    ? pass('API catalog', `links ${API_CATALOG_RELATIONS.join(', ')}`)
    : fail('API catalog', `has links that are neither absolute URLs nor site paths: ${invalid.map(String).join(', ')}`);
}

/** The checks of one document; `documents` are the document paths of the inventory. */
export function documentChecks(path: string, fetched: Fetched, documents: readonly string[]): Check[] {
  if (fetched.status !== 200) return [];
  const checks: Check[] = [];
  const type = contentTypeCheck(path, fetched.headers.get('Content-Type'));
  if (type) checks.push(type);
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (name === 'llms.txt' || name === 'llms-full.txt') checks.push(llmsTxtCheck(fetched.text));
  else if (path === API_CATALOG_PATH) checks.push(apiCatalogCheck(fetched));
  else if (name === 'robots.txt') checks.push(robotsTxtCheck(path, fetched.text, documents));
  else if (path.endsWith('.xml')) checks.push(sitemapCheck(fetched.text));
  else checks.push(fetched.bytes > 0 ? pass('content', `${fetched.bytes} bytes`) : fail('content', 'the body is empty'));
  return checks;
}
