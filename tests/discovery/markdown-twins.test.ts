/**
 * Markdown twins and llms-full.txt as agents read them: the text of a few pages of each kind, written
 * out by hand from the catalog in content/ (a changed entry or layout shows up here as a diff), in
 * English and in Portuguese.
 */
import { describe, expect, it } from 'vitest';
import { createCatalog } from '../../src/catalog/catalog.ts';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { buildLlmsFullTxt } from '../../src/discovery/llms-full-txt.ts';
import { datesLine, markdownTwins, twinSample } from '../../src/discovery/markdown-twins.ts';
import type { CollectionName } from '../../src/schemas/collections.ts';
import type { Locale } from '../../src/schemas/common.ts';
import { twinDirective } from '../../src/discovery/agent-directive.ts';
import { DEFAULT_SITE_URL } from '../../src/site/config.ts';

const base = 'https://studio.example';
const catalog = loadCatalogFromFiles();

const directive = twinDirective(`${base}/llms.txt`);
const directivePt = twinDirective(`${base}/llms.txt`, 'pt-BR');

/** A twin's text by its path, from a fresh build of all of them, without the agent directive under its heading. */
function twin(path: string, from = catalog): string {
  const found = markdownTwins(from, base).find((item) => item.path === path);
  if (!found) throw new Error(`no twin at ${path}`);
  return found.markdown.replace(`\n\n${found.locale === 'pt-BR' ? directivePt : directive}\n`, '\n');
}
const lines = (text: string, from: number, to: number) => text.split('\n').slice(from, to);
/** The dates line of an entry, from its dates in the catalog (they come from git). */
const dates = (collection: CollectionName, slug: string, locale?: Locale) => datesLine(catalog.get(collection, slug)!, locale);

describe('markdown twins', () => {
  it("puts the agent directive under every twin's heading, pointing at llms.txt, in the twin's language", () => {
    for (const item of markdownTwins(catalog, base))
      expect(item.markdown.split('\n').slice(1, 3), item.path).toEqual(['', item.locale === 'pt-BR' ? directivePt : directive]);
    expect(directivePt).toBe(
      '> Para agentes de IA: o índice do site inteiro está em <https://studio.example/llms.txt>; toda página tem um gêmeo em Markdown como este.',
    );
  });

  it('has one twin per inventory page and language: English in inventory order, then Portuguese under /pt-br/', () => {
    const twins = markdownTwins(catalog, base);
    expect(twins).toHaveLength(160);
    expect(twins.slice(0, 3).map((item) => [item.path, item.page.path, item.locale])).toEqual([
      ['/index.md', '/', 'en-US'],
      ['/portfolio.md', '/portfolio/', 'en-US'],
      ['/categories.md', '/categories/', 'en-US'],
    ]);
    expect(twins[79]?.path).toBe('/operations/seo-and-distribution.md');
    expect(twins.slice(80, 83).map((item) => [item.path, item.page.path, item.locale])).toEqual([
      ['/pt-br/index.md', '/', 'pt-BR'],
      ['/pt-br/portfolio.md', '/portfolio/', 'pt-BR'],
      ['/pt-br/categories.md', '/categories/', 'pt-BR'],
    ]);
    expect(twins.at(-1)?.path).toBe('/pt-br/operations/seo-and-distribution.md');
    expect(twins.slice(80).map((item) => item.path)).toEqual(twins.slice(0, 80).map((item) => item.path.replace(/^\//, '/pt-br/')));
  });

  it('samples the first page of each family for the workbench, in the language asked', () => {
    expect(twinSample(catalog, 'pt-BR')).toEqual(twinSample(catalog).map((path) => `/pt-br${path}`));
    expect(twinSample(catalog)).toEqual([
      '/index.md',
      '/portfolio.md',
      '/categories.md',
      '/capabilities.md',
      '/stacks.md',
      '/projects.md',
      '/operations.md',
      '/journeys.md',
      '/trust.md',
      '/about.md',
      '/profiles.md',
      '/links.md',
      '/workbench.md',
      '/openapi.md',
      '/portfolio/agricultural-price-bulletins.md',
      '/categories/content-systems.md',
      '/stacks/astro.md',
      '/projects/a11y-smoke-runner.md',
      '/operations/accessible-by-default.md',
    ]);
  });

  it('links with site paths when SITE_URL is unset, as the pages link theirs: only the base differs', () => {
    const relative = markdownTwins(catalog, undefined);
    expect(lines(relative[0]!.markdown, 2, 7)).toEqual([
      '> For AI agents: the index of the whole site is at [/llms.txt](/llms.txt); every page has a Markdown twin like this one.',
      '',
      '> Oficina Norte builds content-driven websites, auditable public APIs and the quality gates that keep them honest.',
      '',
      'Page: [/](/). JSON: [/api/catalog](/api/catalog).',
    ]);
    /** A site-path twin with `base` put back: each bare path an autolink, each link's target absolute. */
    const onBase = (markdown: string) => markdown.replace(/\[(\/[^\]\s]*)\]\(\1\)/g, `<${base}$1>`).replace(/\]\(\//g, `](${base}/`);
    const absolute = markdownTwins(catalog, base);
    for (const [index, item] of relative.entries()) {
      // No guessed host (the default origin), and no site path in angle brackets, which CommonMark does not link.
      expect(item.markdown, item.path).not.toContain(DEFAULT_SITE_URL);
      expect(item.markdown, item.path).not.toMatch(/<\/[^\s>]*>/);
      expect(onBase(item.markdown), item.path).toBe(absolute[index]!.markdown);
    }
  });

  it('writes the home page as the studio name, its description and a link to every section twin', () => {
    expect(lines(twin('/index.md'), 0, 10)).toEqual([
      '# Oficina Norte',
      '',
      '> Oficina Norte builds content-driven websites, auditable public APIs and the quality gates that keep them honest.',
      '',
      'Page: <https://studio.example/>. JSON: <https://studio.example/api/catalog>.',
      '',
      '## Sections',
      '',
      '- [Portfolio](https://studio.example/portfolio.md): Client cases by category, with the stacks used and the signals each one produced.',
      '- [Categories](https://studio.example/categories.md): The kinds of problems the studio solves, with their signals, stacks, capabilities and operations.',
    ]);
    const sections = twin('/index.md')
      .split('\n')
      .filter((line) => line.startsWith('- ['));
    expect(sections).toHaveLength(13);
    expect(sections.at(-1)).toBe(
      '- [API reference](https://studio.example/openapi.md): Every operation of the public JSON API with its parameters, error codes, a curl command and a real example response, generated from the OpenAPI 3.1 contract.',
    );
  });

  it('writes a detail page whole: heading, links, summary, then every field as nested bullets', () => {
    expect(twin('/projects/docs-hub.md')).toBe(DOCS_HUB);
  });

  it('lists a directory of paged entries with links to their twins', () => {
    expect(lines(twin('/projects.md'), 0, 9)).toEqual([
      '# Projects',
      '',
      "> Technical and operational dossiers of the studio's projects, with commands and surfaces.",
      '',
      'Page: <https://studio.example/projects/>. JSON: <https://studio.example/api/projects>.',
      '',
      '## Entries (16)',
      '',
      '- [A11y Smoke Runner](https://studio.example/projects/a11y-smoke-runner.md): A Playwright harness that visits every route in a sitemap, runs axe-core on each page and fails the build on serious or critical violations.',
    ]);
    expect(lines(twin('/portfolio.md'), 6, 9)).toEqual([
      '## Entries (16)',
      '',
      '- [Machine-readable price bulletins for fruit growers](https://studio.example/portfolio/agricultural-price-bulletins.md): Replaced a weekly price bulletin typed into a word processor with generated CSV and JSON files, a small public page and a change history.',
    ]);
  });

  it('shows entries without a page of their own whole, each under its anchor', () => {
    expect(lines(twin('/links.md'), 4, 19)).toEqual([
      'Page: <https://studio.example/links/>. JSON: <https://studio.example/api/links>.',
      '',
      '## Full catalog export (JSON)',
      '',
      'Page: <https://studio.example/links/#catalog-export>. JSON: <https://studio.example/api/links>.',
      '',
      dates('links', 'catalog-export'),
      '',
      'Every validated entry as one JSON file in English, the default payload of /api/catalog, regenerated on every build, for anyone who prefers data to pages; /api/catalog?lang=pt-BR serves it in Portuguese.',
      '',
      '- url: /data/site-catalog.json',
      '- owner: brand',
      '- kind: data',
      '',
      '## Email the studio',
    ]);
    expect(lines(twin('/trust.md'), 6, 17)).toEqual([
      '## Accessibility statement',
      '',
      'Page: <https://studio.example/trust/#accessibility-statement>. JSON: <https://studio.example/api/trust>.',
      '',
      dates('trust', 'accessibility-statement'),
      '',
      'This site targets WCAG 2.2 level AA; every page family is scanned with axe-core in the test gate, and a serious or critical violation fails the run.',
      '',
      '- kind: policy',
      '- details:',
      '  - The API reference on /openapi/ is plain HTML that reads without JavaScript; its optional interactive console is a self-hosted Swagger UI, a third-party component themed to pass the same axe scan. The contract itself is plain JSON at /api/openapi.json.',
    ]);
  });

  it('writes the about page once: its own links, then the profile without a second heading or link line', () => {
    const about = twin('/about.md');
    expect(lines(about, 0, 12)).toEqual([
      '# About the studio',
      '',
      '> Who Oficina Norte is, where it works from, its founder, its channels and its specialties.',
      '',
      'Page: <https://studio.example/about/>. JSON: <https://studio.example/api/profile>.',
      '',
      dates('profile', 'oficina-norte'),
      '',
      'Oficina Norte has shipped websites, public APIs and data exports for clinics, retailers, city halls and product teams since 2019. Every project ships with typed content, a published contract and an automated verification pipeline, so the client can check what was delivered without taking our word for it.',
      '',
      '- headline: A small software studio in Recife that builds content-driven websites, auditable public APIs and the quality gates around them.',
      '- location: Recife, Pernambuco, Brazil (working remotely with clients in Brazil and abroad)',
    ]);
    expect(about.match(/^Page: /gm)).toHaveLength(1);
    expect(about).toContain(
      [
        '- founder:',
        '  - name: Marina Azevedo',
        '  - role: Founder and principal engineer',
        '  - url: https://github.com/marina-azevedo',
        '- channels:',
        '  - kind: email',
        '    - label: Email',
        '    - url: mailto:hello@oficinanorte.dev',
      ].join('\n'),
    );
  });

  it('lists every endpoint on the API reference and the workbench, each with a URL that answers', () => {
    for (const path of ['/openapi.md', '/workbench.md']) {
      const text = twin(path);
      const endpoints = text.split('\n').filter((line) => line.startsWith('- [GET '));
      expect(endpoints).toHaveLength(21);
      expect(endpoints).toContain(
        '- [GET /api/projects/{slug}](https://studio.example/api/projects/a11y-smoke-runner): Project dossier. One project with every relation resolved, its commands and its surfaces.',
      );
      expect(text.split('\n').slice(6, 8)).toEqual(['## Endpoints', '']);
      expect(text.trimEnd().split('\n').at(-1)).toBe(
        'The OpenAPI 3.1 contract: <https://studio.example/openapi.json> (in the envelope: <https://studio.example/api/openapi.json>).',
      );
    }
  });

  it('links a case to its page and to the portfolio JSON (cases have no detail endpoint)', () => {
    expect(lines(twin('/portfolio/agricultural-price-bulletins.md'), 0, 9)).toEqual([
      '# Machine-readable price bulletins for fruit growers',
      '',
      'Page: <https://studio.example/portfolio/agricultural-price-bulletins/>. JSON: <https://studio.example/api/portfolio>.',
      '',
      dates('cases', 'agricultural-price-bulletins'),
      '',
      'Replaced a weekly price bulletin typed into a word processor with generated CSV and JSON files, a small public page and a change history.',
      '',
      '- client: An agricultural cooperative in the São Francisco valley',
    ]);
  });
});

describe('Portuguese twins', () => {
  it('write the home page in Portuguese, linking the Portuguese section twins and the API in Portuguese', () => {
    expect(lines(twin('/pt-br/index.md'), 0, 10)).toEqual([
      '# Oficina Norte',
      '',
      '> A Oficina Norte constrói sites guiados por conteúdo, APIs públicas auditáveis e os portões de qualidade que as mantêm honestas.',
      '',
      'Página: <https://studio.example/pt-br/>. JSON: <https://studio.example/api/catalog?lang=pt-BR>.',
      '',
      '## Seções',
      '',
      '- [Portfólio](https://studio.example/pt-br/portfolio.md): Casos de clientes por categoria, com as stacks usadas e os sinais que cada um produziu.',
      '- [Categorias](https://studio.example/pt-br/categories.md): Os tipos de problema que o estúdio resolve, com sinais, stacks, capacidades e operações.',
    ]);
  });

  it('write a detail page with the catalog’s pt-BR text, line for line as the English twin is built', () => {
    const pt = twin('/pt-br/projects/docs-hub.md');
    expect(lines(pt, 0, 8)).toEqual([
      '# Docs Hub',
      '',
      'Página: <https://studio.example/pt-br/projects/docs-hub/>. JSON: <https://studio.example/api/projects/docs-hub?lang=pt-BR>.',
      '',
      dates('projects', 'docs-hub', 'pt-BR'),
      '',
      'Um template de site de documentação em Astro que reúne guias escritos, referências OpenAPI, busca de texto completo e páginas versionadas.',
      '',
    ]);
    expect(dates('projects', 'docs-hub', 'pt-BR')).toMatch(/^Atualização: \S+\. Criação: \S+\.$/);
    expect(pt).toContain(
      '  - command: npm run dev\n    - purpose: Serve o site localmente, com recarga automática para guias e arquivos OpenAPI.',
    );
    // The same fields in the same order: only the words differ.
    const keys = (text: string) => text.split('\n').map((line) => /^\s*- (\w+):/.exec(line)?.[1] ?? '');
    expect(keys(pt)).toEqual(keys(twin('/projects/docs-hub.md')));
  });

  it('list a directory with Portuguese names and summaries, linking Portuguese twins', () => {
    expect(lines(twin('/pt-br/projects.md'), 0, 9)).toEqual([
      '# Projetos',
      '',
      '> Dossiês técnicos e operacionais dos projetos do estúdio, com comandos e superfícies.',
      '',
      'Página: <https://studio.example/pt-br/projects/>. JSON: <https://studio.example/api/projects?lang=pt-BR>.',
      '',
      '## Entradas (16)',
      '',
      '- [A11y Smoke Runner](https://studio.example/pt-br/projects/a11y-smoke-runner.md): Um harness em Playwright que visita cada rota de um sitemap, roda o axe-core em cada página e reprova o build diante de violações sérias ou críticas.',
    ]);
  });

  it('give the site paths inside entries in Portuguese, and leave files, the API, mail and other sites as they are', () => {
    const journeys = twin('/pt-br/journeys.md');
    expect(journeys).toContain('    - url: /pt-br/workbench/\n');
    expect(journeys).toContain('    - url: mailto:hello@oficinanorte.dev\n');
    expect(journeys).not.toMatch(/- url: \/(?!pt-br\/)[^\s]*\/\n/);
    const dossier = twin('/pt-br/operations/auditable-api.md');
    expect(dossier).toContain('- routes:\n  - /pt-br/openapi/\n  - /api/openapi.json\n');
    expect(twin('/pt-br/links.md')).toContain('- url: /data/site-catalog.json\n');
  });

  it('link only Portuguese pages and twins of this site (the stale note’s English original aside)', () => {
    const twins = markdownTwins(catalog, base).filter((item) => item.locale === 'pt-BR');
    expect(twins).toHaveLength(80);
    for (const item of twins) {
      for (const line of item.markdown.split('\n').filter((text) => !text.startsWith('> Tradução desatualizada'))) {
        for (const match of line.matchAll(/(?:\]\(|<)(https:\/\/studio\.example[^)>\s]*)/g)) {
          const url = new URL(match[1]!);
          const page = url.pathname.endsWith('/') || (url.pathname.endsWith('.md') && url.pathname !== '/llms.txt');
          if (page) expect(url.pathname, `${item.path} links ${url.href}`).toMatch(/^\/pt-br\//);
        }
      }
    }
  });

  it('describe the endpoints in the contract’s English, and say so', () => {
    const reference = twin('/pt-br/openapi.md');
    expect(lines(reference, 6, 10)).toEqual(['## Endpoints', '', 'As descrições vêm do contrato OpenAPI, em inglês.', '']);
    expect(reference.trimEnd().split('\n').at(-1)).toBe(
      'O contrato OpenAPI 3.1: <https://studio.example/openapi.json> (no envelope: <https://studio.example/api/openapi.json>).',
    );
  });

  it('note a field whose Portuguese is older than its English change, linking the English twin; the English twin says nothing', () => {
    const stale = {
      field: 'commands',
      source_commit: 'a'.repeat(40),
      source_at: '2026-11-21T07:48:46.000Z',
      translated_commit: 'b'.repeat(40),
    };
    const fixture = createCatalog({
      ...catalog.collections,
      projects: catalog.collections.projects.map((entry) =>
        entry.slug === 'docs-hub' ? { ...entry, stale_translations: [stale] } : entry,
      ),
    });
    const pt = twin('/pt-br/projects/docs-hub.md', fixture);
    expect(lines(pt, 4, 9)).toEqual([
      dates('projects', 'docs-hub', 'pt-BR'),
      '',
      '> Tradução desatualizada: o texto em inglês do campo `commands` mudou em 2026-11-21, depois desta tradução. O original: <https://studio.example/projects/docs-hub.md>.',
      '',
      'Um template de site de documentação em Astro que reúne guias escritos, referências OpenAPI, busca de texto completo e páginas versionadas.',
    ]);
    expect(pt).not.toContain('stale_translations');
    expect(twin('/projects/docs-hub.md', fixture)).toBe(DOCS_HUB);
    expect(twin('/pt-br/projects/docs-hub.md')).not.toContain('Tradução desatualizada');
  });
});

describe('llms-full.txt', () => {
  const full = buildLlmsFullTxt(catalog, base);

  it('opens with the title, the profile as a quote and where the same data is as JSON', () => {
    const [title, , quote, , note] = full.split('\n');
    expect(title).toBe('# Oficina Norte: the full catalog');
    expect(quote).toBe(
      '> A small software studio in Recife that builds content-driven websites, auditable public APIs and the quality gates around them. Oficina Norte has shipped websites, public APIs and data exports for clinics, retailers, city halls and product teams since 2019. Every project ships with typed content, a published contract and an automated verification pipeline, so the client can check what was delivered without taking our word for it.',
    );
    expect(note).toMatch(
      /^Every entry of the catalog \(version [0-9a-f]{16}\) in en-US, one section per collection\. The same data as JSON: https:\/\/studio\.example\/data\/site-catalog\.json\.$/,
    );
  });

  it('has one section per collection with its count, and one level-3 heading per entry', () => {
    expect(full.split('\n').filter((line) => line.startsWith('## '))).toEqual([
      '## profile (1)',
      '## profiles (2)',
      '## links (8)',
      '## cases (16)',
      '## categories (7)',
      '## capabilities (9)',
      '## stacks (21)',
      '## projects (16)',
      '## operations (6)',
      '## journeys (4)',
      '## trust (8)',
    ]);
    expect(full.match(/^### /gm)).toHaveLength(98);
  });

  it('writes each entry as its twin does, one level down', () => {
    const body = DOCS_HUB.split('\n').slice(1).join('\n');
    expect(full).toContain(`### Docs Hub\n${body}`);
  });
});

/** /projects/docs-hub.md, as published. */
const DOCS_HUB = `# Docs Hub

Page: <https://studio.example/projects/docs-hub/>. JSON: <https://studio.example/api/projects/docs-hub>.

${dates('projects', 'docs-hub')}

An Astro documentation site template that combines written guides with OpenAPI references, full-text search and versioned pages.

- description: Guides are Markdown files with validated front matter, and API references are generated from one or more OpenAPI documents and shown with Swagger UI next to hand-written examples. A search index is built at compile time, so search works offline and without a third-party service. Each documented version lives under its own path with canonical links to the latest one, which stops search engines from ranking outdated pages. Navigation, code blocks and the reference panel are keyboard-operable and pass the studio's accessibility runner on every build.
- status: active
- started: 2024
- category: content-systems
- capabilities:
  - content-modeling
  - search-distribution
  - accessibility
- stacks:
  - astro
  - typescript
  - openapi
  - swagger-ui
  - github-actions
- operations:
  - seo-and-distribution
  - accessible-by-default
- related:
  - openapi-contract-kit
  - content-lint
  - a11y-smoke-runner
- commands:
  - command: npm create astro@latest -- --template oficina-norte/docs-hub
    - purpose: Creates a new documentation site from the template.
  - command: npm run dev
    - purpose: Serves the site locally with live reload for guides and OpenAPI files.
  - command: npm run build
    - purpose: Builds every version of the docs and the offline search index.
- surfaces:
  - kind: website
    - label: Live demo of the template
    - url: https://docs-hub.oficinanorte.dev
  - kind: documentation
    - label: Configuration reference
    - url: https://docs-hub.oficinanorte.dev/configuration/
- repository: https://github.com/oficina-norte/docs-hub
`;
