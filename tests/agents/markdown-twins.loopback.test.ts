/**
 * The Markdown twins on the built server: one per sitemap page of every language, served as
 * text/markdown, opening with the page's own <h1>, carrying its facts in its language, linking this
 * site as its page does (site paths without SITE_URL) and every link of this site answering; content negotiation on the HTML URL (English and
 * Portuguese), with Vary and Link headers.
 */
import { describe, expect, inject, it } from 'vitest';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { API_CATALOG_PATH } from '../../src/discovery/api-catalog.ts';
import { twinPath } from '../../src/discovery/markdown-twins.ts';
import { localizedPath } from '../../src/routes/locale-paths.ts';
import { LOCALES } from '../../src/schemas/common.ts';
import { absoluteUrl, configuredSiteUrl, siteUrl } from '../../src/site/config.ts';
import { pageInventory } from '../../src/site/pages.ts';

const baseUrl = inject('baseUrl');
const site = new URL(siteUrl());
const catalog = loadCatalogFromFiles();
/** Each page's description in its language, by its path in that language. */
const descriptions = new Map(
  LOCALES.flatMap((locale) => pageInventory(catalog).map((page) => [localizedPath(page.path, locale), page.description[locale]] as const)),
);

/** A URL of the public site, requested from the loopback server instead. */
const local = (href: string) => {
  const url = new URL(href, site);
  return `${baseUrl}${url.pathname}${url.search}`;
};
/** The base the build was given: the twins link this site on it, or by site paths without it. */
const built = configuredSiteUrl();
/** The links of this site in a page or twin, as written: a site path, or a URL on the site's origin (SITE_URL's, or the default). */
const ownLinks = (links: readonly string[]) => links.filter((link) => link.startsWith('/') || link.startsWith(site.origin));

/** The page paths the sitemap lists, read from the served sitemap files. */
async function sitemapPaths(): Promise<string[]> {
  const index = await (await fetch(`${baseUrl}/sitemap-index.xml`)).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  const pages = await Promise.all(files.map(async (file) => (await fetch(local(file))).text()));
  return pages.flatMap((xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname));
}

/** The text of an HTML fragment: tags dropped, the entities Astro writes decoded. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
    .trim();

/** Every link target in a Markdown text: inline links and autolinks (absolute URLs only, as CommonMark reads them). */
const linksOf = (markdown: string) => [
  ...[...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!),
  ...[...markdown.matchAll(/<(https?:[^>\s]+)>/g)].map((match) => match[1]!),
];

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('Markdown twins', () => {
  it('exist for every sitemap page: text/markdown, the H1 of the page, its facts, links as the page writes them that answer', async () => {
    const paths = await sitemapPaths();
    expect(paths.length).toBe(descriptions.size);
    const checked = new Map<string, number>();
    for (const path of paths) {
      const html = await (await fetch(`${baseUrl}${path}`, { headers: { accept: BROWSER_ACCEPT } })).text();
      const twin = twinPath(path);
      expect(html, path).toContain(`<link rel="alternate" type="text/markdown" href="${twin}"`);
      const response = await fetch(`${baseUrl}${twin}`);
      expect(response.status, twin).toBe(200);
      expect(response.headers.get('content-type'), twin).toBe('text/markdown; charset=utf-8');
      const markdown = await response.text();
      const h1 = textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)![1]!);
      expect(markdown.split('\n')[0], twin).toBe(`# ${h1}`);
      expect(markdown, twin).toContain(descriptions.get(path)!.replace(/\s*\n\s*/g, ' '));
      // This site's links: site paths in the page's anchors, and in the twin too unless SITE_URL names
      // the base (then absolute on it); never on a host the build guessed.
      const pageLinks = ownLinks([...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => match[1]!));
      const twinLinks = ownLinks(linksOf(markdown));
      expect(pageLinks.length, path).toBeGreaterThan(0);
      expect(twinLinks.length, twin).toBeGreaterThan(0);
      for (const link of pageLinks) expect(link.startsWith('/'), `${path} links ${link}`).toBe(true);
      for (const link of twinLinks) expect(link.startsWith('/'), `${twin} links ${link}`).toBe(built === undefined);
      if (built === undefined) expect(markdown, twin).not.toContain(site.origin);
      for (const link of linksOf(markdown)) {
        expect(URL.canParse(link, site), `${twin} links ${link}`).toBe(true);
        const url = new URL(link, site);
        if (url.origin !== site.origin) continue;
        const key = `${url.pathname}${url.search}`;
        if (!checked.has(key)) checked.set(key, (await fetch(local(link), { method: 'HEAD' })).status);
        expect(checked.get(key), `${twin} links ${link}`).toBe(200);
      }
    }
    expect(checked.size).toBeGreaterThan(paths.length);
  });

  it('are precompressed like every static file', async () => {
    const response = await fetch(`${baseUrl}/index.md`, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  });
});

describe.each(LOCALES)('content negotiation on page URLs (%s)', (locale) => {
  const path = localizedPath(pageInventory(catalog).find((page) => page.entry)!.path, locale);

  it.each([
    ['text/markdown', 'markdown'],
    ['text/markdown, text/html;q=0.9', 'markdown'],
    ['text/html;q=0.5, text/markdown', 'markdown'],
    [BROWSER_ACCEPT, 'html'],
    ['*/*', 'html'],
    ['text/html, text/markdown;q=0.9', 'html'],
    ['application/json', 'html'],
  ])('Accept: %s gets %s, with Vary: Accept and the Link headers', async (accept, expected) => {
    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(`${baseUrl}${path}`, { method, headers: { accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get('vary')).toMatch(/(^|,\s*)Accept(,|$)/);
      const link = response.headers.get('link') ?? '';
      expect(link).toContain(`<${twinPath(path)}>; rel="alternate"; type="text/markdown"`);
      expect(link).toContain(`<${API_CATALOG_PATH}>; rel="api-catalog"`);
      const type = response.headers.get('content-type');
      if (expected === 'markdown') {
        expect(type).toBe('text/markdown; charset=utf-8');
        if (method === 'GET') expect(await response.text()).toBe(await (await fetch(`${baseUrl}${twinPath(path)}`)).text());
      } else {
        expect(type).toMatch(/^text\/html/);
      }
    }
  });

  it('keeps the two representations apart in caches: different ETags, and a 304 only for its own', async () => {
    const html = await fetch(`${baseUrl}${path}`);
    const markdown = await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/markdown' } });
    const htmlTag = html.headers.get('etag')!;
    expect(markdown.headers.get('etag')).not.toBe(htmlTag);
    const revalidated = await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/markdown', 'if-none-match': htmlTag } });
    expect(revalidated.status).toBe(200);
    expect(revalidated.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  });
});

describe('/llms.txt', () => {
  it('links every page by its Markdown twin, and the section pages of every language', async () => {
    const text = await (await fetch(`${baseUrl}/llms.txt`)).text();
    for (const page of pageInventory(catalog)) {
      expect(text).toContain(`(${absoluteUrl(twinPath(page.path))})`);
    }
    for (const locale of LOCALES)
      for (const page of pageInventory(catalog).filter((item) => !item.entry))
        expect(text).toContain(`(${absoluteUrl(twinPath(localizedPath(page.path, locale)))})`);
  });
});

describe('/sitemap.md', () => {
  it('links every page of every language by its Markdown twin, beside its HTML page', async () => {
    const text = await (await fetch(`${baseUrl}/sitemap.md`)).text();
    for (const path of descriptions.keys()) expect(text).toContain(`(${absoluteUrl(twinPath(path))}): `);
    for (const path of descriptions.keys()) expect(text).toContain(` HTML: <${absoluteUrl(path)}>.`);
  });
});
