/**
 * Every page in both languages, tied together as people and search engines expect, read through the
 * built server (and through nginx: `npm run test:nginx` runs this file again).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { LOCALE_SEGMENTS, localizedPath } from '../../src/routes/locale-paths.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../src/schemas/common.ts';
import { SHELL } from '../../src/site/i18n/en-US/shell.ts';
import { SHELL_PT } from '../../src/site/i18n/pt-BR/shell.ts';
import { pageInventory } from '../../src/site/pages.ts';
import { fetchApi } from '../support/api-call.ts';

const baseUrl = inject('baseUrl');
const distDir = process.env['DIST_DIR'] ?? 'dist';
const inventory = pageInventory(loadCatalogFromFiles()).map((page) => page.path);
/** The origin the build was made for: its links are absolute on it. */
const site = (JSON.parse(readFileSync(join(distDir, 'build.json'), 'utf8')) as { siteUrl: string }).siteUrl.replace(/\/$/, '');

interface Page {
  path: string;
  locale: Locale;
  status: number;
  contentLanguage: string | null;
  html: string;
}
const pages: Page[] = [];

beforeAll(async () => {
  for (const locale of LOCALES) {
    for (const path of inventory) {
      const localPath = localizedPath(path, locale);
      const result = await fetchApi(baseUrl, localPath, { headers: { 'Accept-Encoding': 'identity' } });
      pages.push({
        path: localPath,
        locale,
        status: result.status,
        contentLanguage: result.headers.get('content-language'),
        html: result.text ?? '',
      });
    }
  }
}, 60_000);

/** The hreflang alternates a page declares, as hreflang -> absolute URL. */
function alternatesOf(html: string): Map<string, string> {
  const links = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)];
  return new Map(links.map(([, hreflang, url]) => [hreflang!, url!]));
}

describe('both languages of every page', () => {
  it('publishes every page of the inventory in every language', () => {
    expect(pages).toHaveLength(inventory.length * LOCALES.length);
    expect(pages.filter((page) => page.status !== 200).map((page) => `${page.path}: ${page.status}`)).toEqual([]);
  });

  it('says each page’s language in <html lang> and Content-Language, the same', () => {
    for (const page of pages) {
      expect(/<html lang="([^"]+)"/.exec(page.html)?.[1], page.path).toBe(page.locale);
      expect(page.contentLanguage, page.path).toBe(page.locale);
    }
  });

  it('ties each page to itself in every language and to x-default, absolute and reciprocal', () => {
    const byUrl = new Map(pages.map((page) => [`${site}${page.path}`, page]));
    for (const page of pages) {
      const alternates = alternatesOf(page.html);
      expect([...alternates.keys()].sort(), page.path).toEqual([...LOCALES, 'x-default'].sort());
      expect(alternates.get(page.locale), `${page.path} names itself`).toBe(`${site}${page.path}`);
      expect(alternates.get('x-default'), page.path).toBe(alternates.get(DEFAULT_LOCALE));
      for (const [hreflang, url] of alternates) {
        const other = byUrl.get(url);
        expect(other, `${page.path} -> ${hreflang} ${url}`).toBeDefined();
        // Reciprocal: the other page points back here under this page's language.
        expect(alternatesOf(other!.html).get(page.locale), `${url} -> ${page.locale}`).toBe(`${site}${page.path}`);
      }
    }
  });

  it('lists every page of both languages in the sitemap, with the same alternates as the page', () => {
    const sitemap = readFileSync(join(distDir, 'client', 'sitemap-0.xml'), 'utf8');
    const entries = [...sitemap.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)];
    expect(entries.map(([, url]) => url).sort()).toEqual(pages.map((page) => `${site}${page.path}`).sort());
    for (const [, url, rest] of entries) {
      const listed = new Map([...rest!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, hreflang, href]) => [hreflang!, href!]));
      const page = pages.find((candidate) => `${site}${candidate.path}` === url)!;
      const declared = alternatesOf(page.html);
      declared.delete('x-default');
      expect(listed, url).toEqual(declared);
    }
  });

  it('offers a plain link to the same page in the other language, named in that language', () => {
    for (const page of pages) {
      for (const other of LOCALES.filter((locale) => locale !== page.locale)) {
        const target = localizedPath(page.path, other);
        expect(page.html, page.path).toMatch(new RegExp(`<a href="${target}" hreflang="${other}" lang="${other}">`));
      }
    }
  });

  it('writes no string of the English shell in the header, footer or breadcrumbs of a Portuguese page', () => {
    // Strings that read the same in both languages ("Site", "JSON") say nothing about the language;
    // the switch names English in English on purpose.
    const english = Object.entries(SHELL)
      .filter(([key, text]) => typeof text === 'string' && text !== SHELL_PT[key as keyof typeof SHELL] && key !== 'languageName')
      .map(([, text]) => text as string);
    const portuguese = pages.filter((page) => page.locale !== DEFAULT_LOCALE);
    expect(portuguese.length).toBeGreaterThan(0);
    for (const page of portuguese) {
      const chrome = [
        /<header class="site-header">[\s\S]*?<\/header>/.exec(page.html)?.[0] ?? '',
        /<footer class="site-footer">[\s\S]*?<\/footer>/.exec(page.html)?.[0] ?? '',
        /<nav class="breadcrumbs"[\s\S]*?<\/nav>/.exec(page.html)?.[0] ?? '',
      ].join('\n');
      expect(chrome, page.path).not.toBe('');
      for (const text of english)
        expect(chrome.includes(`>${text}<`) || chrome.includes(`"${text}"`), `${page.path}: "${text}"`).toBe(false);
    }
  });

  it('keeps a Portuguese page’s links to pages in Portuguese', () => {
    const segment = `/${LOCALE_SEGMENTS['pt-BR']}/`;
    for (const page of pages.filter((candidate) => candidate.locale === 'pt-BR')) {
      const main = /<main[\s\S]*?<\/main>/.exec(page.html)?.[0] ?? '';
      // A link that says it leads to another language (hreflang), as the note beside a stale field does, may.
      const pageLinks = [...main.matchAll(/<a ([^>]*)>/g)]
        .filter(([, attributes]) => !attributes!.includes('hreflang='))
        .flatMap(([, attributes]) => /href="(\/[^"]*\/(?:#[^"]*)?)"/.exec(attributes!)?.[1] ?? []);
      expect(
        pageLinks.filter((href) => !href.startsWith(segment)),
        page.path,
      ).toEqual([]);
    }
  });

  it('carries no translation note: the shipped Portuguese is complete and up to date', () => {
    // How a missing or stale field shows is tested on a fixture catalog (translation-notes.astro.test.ts).
    const noted = pages.filter((page) => page.html.includes('class="translation-note"')).map((page) => page.path);
    expect(noted).toEqual([]);
  });

  it('answers a missing Portuguese path with the Portuguese 404 page', async () => {
    const result = await fetchApi(baseUrl, `/${LOCALE_SEGMENTS['pt-BR']}/no-such-page/`);
    expect(result.status).toBe(404);
    expect(result.headers.get('content-language')).toBe('pt-BR');
    expect(result.text).toMatch(/<html lang="pt-BR"/);
  });
});
