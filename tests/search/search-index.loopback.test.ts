/**
 * The site search on the built server: Pagefind's own search library (dist/client/pagefind/pagefind.js,
 * the one the search page loads) runs in Node against the index the server serves. Relevance: every
 * entry's exact name ranks its page in the top 3, and for 20 words from the catalog's titles every
 * page whose title holds the word is found. Serving: the index files' types and cache policy, and
 * the WebAssembly allowance in the CSP of the search page and the index folder only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { COLLECTION_NAMES } from '../../src/schemas/collections.ts';
import { SITE_NAME } from '../../src/site/config.ts';
import { DEFAULT_LOCALE, LOCALES, textIn } from '../../src/schemas/common.ts';
import { anchoredEntries, pageInventory, SEARCH_INDEX_FOLDER, sectionLabel, sectionOf, utilityPage } from '../../src/site/pages.ts';
import { parseCsp } from '../support/security-headers.ts';

interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(term: string): Promise<{ results: { data: () => Promise<{ url: string; meta: { title?: string; section?: string } }> }[] }>;
}

const baseUrl = inject('baseUrl');
const clientDir = join(process.env['DIST_DIR'] ?? 'dist', 'client');
const indexPath = `/${SEARCH_INDEX_FOLDER}/`;
const catalog = loadCatalogFromFiles();
const inventory = pageInventory(catalog);
let pagefind: Pagefind;

/** The site paths of every result for `term`, best first. */
async function resultPaths(term: string, limit = Infinity): Promise<string[]> {
  const { results } = await pagefind.search(term);
  const data = await Promise.all(results.slice(0, limit).map((result) => result.data()));
  return data.map((item) => new URL(item.url, baseUrl).pathname);
}

beforeAll(async () => {
  pagefind = (await import(pathToFileURL(join(clientDir, SEARCH_INDEX_FOLDER, 'pagefind.js')).href)) as Pagefind;
  // The library fetches the index from where it is served, as in the browser. In Node no <html lang>
  // picks one, so it takes the largest, the first of equals: the entry lists its languages sorted, and
  // the English index comes first (the Portuguese one is searched in tests/e2e/search.spec.ts).
  await pagefind.options({ basePath: `${baseUrl}${indexPath}` });
  await pagefind.init();
});

describe('the search index', () => {
  it('holds every page of the inventory and every anchored entry in every language, and nothing else (no 404, no search page)', async () => {
    const entry = JSON.parse(readFileSync(join(clientDir, SEARCH_INDEX_FOLDER, 'pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, { page_count: number }>;
    };
    const pages = Object.values(entry.languages).reduce((sum, language) => sum + language.page_count, 0);
    // anchoredEntries holds each entry once per language.
    expect(pages).toBe(inventory.length * LOCALES.length + anchoredEntries(catalog).length);
    expect(Object.keys(entry.languages).sort()).toEqual(LOCALES.map((locale) => locale.toLowerCase()).sort());
    expect(await resultPaths('Page not found')).not.toContain(utilityPage('/404/').path);
  });

  it("files each result under its page's section", async () => {
    const { results } = await pagefind.search(textIn(inventory.at(-1)!.title, DEFAULT_LOCALE));
    const top = await results[0]!.data();
    const page = inventory.find((record) => record.path === new URL(top.url, baseUrl).pathname)!;
    expect(top.meta.section).toBe(sectionLabel(sectionOf(page.path)!));
  });

  it('ranks the page of every entry in the top 3 for its exact name', async () => {
    const misses: string[] = [];
    let checked = 0;
    for (const collection of COLLECTION_NAMES) {
      for (const { slug } of catalog.collections[collection] as { slug: string }[]) {
        const { name, url } = catalog.ref(collection, slug);
        // An entry without a page of its own is found at its anchor of its index page.
        const page = url.replace(/#.*$/, '');
        // The studio's name is the site's: the home page's title and the name in its own links' titles
        // rank first, so the studio's two entries (its profile and its account) get the top 10.
        const depth = textIn(name, DEFAULT_LOCALE) === SITE_NAME ? 10 : 3;
        const top = await resultPaths(textIn(name, DEFAULT_LOCALE), depth);
        checked += 1;
        if (!top.includes(page)) misses.push(`"${textIn(name, DEFAULT_LOCALE)}" (${page}) → ${top.join(', ') || 'nothing'}`);
      }
    }
    expect(checked).toBeGreaterThan(inventory.length - 20);
    expect(misses).toEqual([]);
  });

  it('finds every page whose title holds a word, for 20 words of the titles', async () => {
    const titles = inventory.map((page) => ({
      path: page.path,
      words:
        textIn(page.title, DEFAULT_LOCALE)
          .toLowerCase()
          .match(/\p{L}+/gu) ?? ([] as string[]),
    }));
    // Distinct words of six letters or more, spread evenly over their sorted list.
    const vocabulary = [...new Set(titles.flatMap((title) => title.words).filter((word) => word.length >= 6))].sort();
    const words = Array.from({ length: 20 }, (_, index) => vocabulary[Math.floor((index * vocabulary.length) / 20)]!);
    expect(new Set(words).size).toBe(20);
    const misses: string[] = [];
    for (const word of words) {
      const found = new Set(await resultPaths(word));
      const expected = titles.filter((title) => title.words.includes(word)).map((title) => title.path);
      for (const path of expected) if (!found.has(path)) misses.push(`${word}: ${path}`);
    }
    expect(misses).toEqual([]);
  });
});

describe('serving the search', () => {
  it('gives the content-hashed index files a year, the rest revalidation, all with their types', async () => {
    const meta = await fetch(`${baseUrl}${indexPath}pagefind-entry.json`);
    const entry = (await meta.json()) as { languages: Record<string, { hash: string; wasm: string }> };
    expect(meta.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const [language] = Object.values(entry.languages);
    const cases = [
      [`pagefind.${language!.hash}.pf_meta`, 'application/octet-stream', 'public, max-age=31536000, immutable'],
      [`wasm.${language!.wasm}.pagefind`, 'application/octet-stream', 'public, max-age=0, must-revalidate'],
      ['pagefind.js', 'text/javascript', 'public, max-age=0, must-revalidate'],
      ['pagefind-worker.js', 'text/javascript', 'public, max-age=0, must-revalidate'],
    ] as const;
    for (const [file, type, cache] of cases) {
      const response = await fetch(`${baseUrl}${indexPath}${file}`);
      await response.arrayBuffer();
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type'), file).toContain(type);
      expect(response.headers.get('cache-control'), file).toBe(cache);
    }
  });

  it("allows WebAssembly in the search page's and the index's CSP, and nowhere else", async () => {
    const scriptSrc = async (path: string) => {
      const response = await fetch(`${baseUrl}${path}`);
      await response.arrayBuffer();
      return parseCsp(response.headers.get('content-security-policy') ?? '').get('script-src');
    };
    const wasm = ["'self'", "'wasm-unsafe-eval'"];
    expect(await scriptSrc(`${utilityPage('/search/').path}?q=docs`)).toEqual(wasm);
    expect(await scriptSrc(`${indexPath}pagefind-worker.js`)).toEqual(wasm);
    for (const path of [inventory[0]!.path, inventory.at(-1)!.path, utilityPage('/404/').path, '/llms.txt'])
      expect(await scriptSrc(path), path).toEqual(["'self'"]);
  });

  it('marks the search page noindex and keeps it out of the sitemap', async () => {
    const html = await (await fetch(`${baseUrl}${utilityPage('/search/').path}`)).text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    const sitemap = readFileSync(join(clientDir, 'sitemap-0.xml'), 'utf8');
    expect(sitemap).not.toContain(utilityPage('/search/').path);
    expect(sitemap).toContain(`${inventory.at(-1)!.path}</loc>`);
  });
});
