/** The pure parts of the agent surfaces: twin paths and the MCP Origin rule. */
import { describe, expect, it } from 'vitest';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { twinPath } from '../../src/discovery/markdown-twins.ts';
import { buildSkillMd } from '../../src/discovery/agent-skill.ts';
import { originAllowed } from '../../src/mcp/server.ts';
import { toolListings } from '../../src/mcp/tools.ts';
import { localeOfPath, localizedPath } from '../../src/routes/locale-paths.ts';
import { LOCALES } from '../../src/schemas/common.ts';
import { pageInventory } from '../../src/site/pages.ts';

describe('twinPath', () => {
  it.each([
    ['/', '/index.md'],
    ['/projects/', '/projects.md'],
    ['/projects/docs-hub/', '/projects/docs-hub.md'],
    // A language's home page keeps its twin in the language's folder, not beside it (/pt-br.md).
    ['/pt-br/', '/pt-br/index.md'],
    ['/pt-br/projects/', '/pt-br/projects.md'],
    ['/pt-br/projects/docs-hub/', '/pt-br/projects/docs-hub.md'],
  ])('%s -> %s', (page, twin) => expect(twinPath(page)).toBe(twin));

  it("gives every page's twin the page's language, and one twin per page and language", () => {
    const pages = LOCALES.flatMap((locale) => pageInventory(loadCatalogFromFiles()).map((page) => localizedPath(page.path, locale)));
    for (const page of pages) expect(localeOfPath(twinPath(page)), page).toBe(localeOfPath(page));
    expect(new Set(pages.map(twinPath)).size).toBe(pages.length);
  });
});

describe('skill.md on the languages', () => {
  const catalog = loadCatalogFromFiles();
  const skill = buildSkillMd(catalog, 'https://studio.example', toolListings(catalog));

  it('says where the Portuguese pages and twins are, and where a resource names its language', () => {
    expect(skill).toContain(
      '\n\nEvery page is also in Portuguese (pt-BR) under `/pt-br/` with the same path after it, and so is its twin, written in that language (`/pt-br/` is `/pt-br/index.md`).\n',
    );
    expect(skill).toContain(
      '- Resources: every page\'s Markdown twin in every language (the language in `_meta["oficina-norte-catalog/language"]`)',
    );
    expect(skill).toContain('/sitemap.md>: every page of every language with its Markdown twin.');
  });
});

describe('originAllowed', () => {
  const site = 'https://studio.example';
  it.each([
    [undefined, true, 'no Origin: not a browser'],
    ['https://studio.example', true, "the site's own origin"],
    ['http://127.0.0.1:4321', true, 'this server on loopback'],
    ['http://localhost:4321', true, 'this server on loopback, by name'],
    ['http://[::1]:4321', true, 'this server on IPv6 loopback'],
    ['http://localhost:9999', false, 'another local port'],
    ['http://studio.example', false, 'the site over another scheme'],
    ['https://evil.example', false, 'a foreign site'],
    ['null', false, 'an opaque origin'],
    ['not a url', false, 'garbage'],
  ])('%s -> %s (%s)', (origin, allowed, _why) => expect(originAllowed(origin, 4321, site)).toBe(allowed));
});
