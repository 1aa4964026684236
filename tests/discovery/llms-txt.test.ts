/** llms.txt, sitemap.md and robots.txt as src/discovery writes them, read by independent parsers and fixed figures. */
import robotsParser from 'robots-parser';
import { describe, expect, it } from 'vitest';
import { EXPORT_ROUTES, ROUTES } from '../../src/routes/routes.ts';
import { localizedPath } from '../../src/routes/locale-paths.ts';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { buildLlmsTxt } from '../../src/discovery/llms-txt.ts';
import { twinPath } from '../../src/discovery/markdown-twins.ts';
import { buildRobotsTxt } from '../../src/discovery/robots-txt.ts';
import { buildSitemapMd } from '../../src/discovery/sitemap-md.ts';
import { LOCALES } from '../../src/schemas/common.ts';
import { pageInventory, SECTION_PAGES } from '../../src/site/pages.ts';

describe('llms.txt and robots.txt', () => {
  const catalog = loadCatalogFromFiles();
  const base = 'https://studio.example';
  const llms = buildLlmsTxt(catalog, base);

  it('follows llmstxt.org: H1, blockquote, notes, then H2 sections ending with Optional', () => {
    const lines = llms.split('\n');
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines[2]).toMatch(/^> \S/);
    const sections = lines.filter((line) => line.startsWith('## '));
    expect(sections).toEqual([
      '## API',
      '## Data exports',
      '## Documentation',
      '## Key pages',
      '## Key pages in Portuguese (pt-BR)',
      '## Optional',
    ]);
    expect(
      lines.filter((line) => line.startsWith('- [')).every((line) => /^- \[[^\]]+\]\(https:\/\/studio\.example\/\S*\): \S/.test(line)),
    ).toBe(true);
  });

  it('lists every endpoint and every export with an absolute URL', () => {
    const api = llms.slice(llms.indexOf('## API'), llms.indexOf('## Data exports'));
    // Every endpoint, then the MCP endpoint.
    expect(api.match(/^- \[/gm)).toHaveLength(ROUTES.length + 1);
    const exportsSection = llms.slice(llms.indexOf('## Data exports'), llms.indexOf('## Documentation'));
    expect(exportsSection.match(/^- \[/gm)).toHaveLength(9);
    for (const route of EXPORT_ROUTES) expect(exportsSection).toContain(`(${base}/data/${route.exportFile})`);
  });

  it('lists the key pages in Portuguese by their Portuguese twins, and says where every other page of that language is', () => {
    const pt = llms.slice(llms.indexOf('## Key pages in Portuguese (pt-BR)'), llms.indexOf('## Optional'));
    const links = pt.split('\n').filter((line) => line.startsWith('- ['));
    expect(links).toHaveLength(SECTION_PAGES.length);
    expect(links.slice(0, 2)).toEqual([
      '- [Início](https://studio.example/pt-br/index.md): A Oficina Norte constrói sites guiados por conteúdo, APIs públicas auditáveis e os portões de qualidade que as mantêm honestas.',
      '- [Portfólio](https://studio.example/pt-br/portfolio.md): Casos de clientes por categoria, com as stacks usadas e os sinais que cada um produziu.',
    ]);
    expect(llms).toContain(
      '- Every page is also in Portuguese (pt-BR) under /pt-br/ with the same path after it (/pt-br/portfolio/ for /portfolio/), and has its own twin (/pt-br/portfolio.md): "Key pages in Portuguese (pt-BR)" below lists its key pages, <https://studio.example/sitemap.md> every page in every language.',
    );
    // The detail pages of the translation stay out: llms.txt is short, sitemap.md has them.
    const optional = llms.slice(llms.indexOf('## Optional'));
    expect(optional).not.toContain('/pt-br/');
  });

  it('lists the Portuguese change feeds with the documents', () => {
    expect(llms).toContain('- [Change feed in Portuguese (Atom)](https://studio.example/pt-br/feed.atom): ');
    expect(llms).toContain('- [Change feed in Portuguese (JSON Feed 1.1)](https://studio.example/pt-br/feed.json): ');
  });

  it('robots.txt allows every page and twin of every language and names the absolute sitemap index', () => {
    const robots = robotsParser(`${base}/robots.txt`, buildRobotsTxt(catalog, base));
    const pages = LOCALES.flatMap((locale) => pageInventory(catalog).map((page) => localizedPath(page.path, locale)));
    expect(pages).toContain('/pt-br/');
    for (const path of [...pages, ...pages.map(twinPath), '/pt-br/feed.atom', '/pt-br/feed.json'])
      expect(robots.isAllowed(`${base}${path}`, 'AnyBot'), path).toBe(true);
    expect(robots.getSitemaps()).toEqual([`${base}/sitemap-index.xml`]);
  });
});

describe('sitemap.md', () => {
  const catalog = loadCatalogFromFiles();
  const base = 'https://studio.example';
  const text = buildSitemapMd(catalog, base);
  const entries = text.split('\n').filter((line) => line.startsWith('- ['));

  it('groups every page of each language: English key pages and the rest, then the same in Portuguese', () => {
    expect(text.split('\n').filter((line) => line.startsWith('## '))).toEqual([
      '## Key pages',
      '## Optional',
      '## Key pages (pt-BR)',
      '## Optional (pt-BR)',
    ]);
    expect(entries).toHaveLength(2 * pageInventory(catalog).length);
    expect(text).toContain(
      'Every page is also in Portuguese (pt-BR), under /pt-br/: the sections marked (pt-BR) list them, in Portuguese.',
    );
  });

  it('gives each page its absolute twin and HTML URL in its language, with its title and description in that language', () => {
    const pages = pageInventory(catalog);
    const expected = LOCALES.flatMap((locale) =>
      pages.map((page) => {
        const path = localizedPath(page.path, locale);
        return `(${base}${twinPath(path)}): ${page.description[locale]} HTML: <${base}${path}>.`;
      }),
    );
    expect(entries.map((line) => line.slice(line.indexOf('](') + 1)).sort()).toEqual(expected.sort());
    expect(entries).toContain(
      '- [Mapa de stacks](https://studio.example/pt-br/stacks.md): As tecnologias recorrentes do estúdio, ligadas a casos do portfólio, projetos e capacidades. HTML: <https://studio.example/pt-br/stacks/>.',
    );
    expect(entries).toContain(
      '- [Stack map](https://studio.example/stacks.md): The recurring technologies of the studio, linked to portfolio cases, projects and capabilities. HTML: <https://studio.example/stacks/>.',
    );
  });
});
