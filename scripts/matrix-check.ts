/**
 * Gate 6, `matrix:check`: after the build, compares every published fact with its other
 * sources (route table, endpoint files, contract, discovery, audit, sitemap, dist/, exports,
 * robots.txt, llms.txt) on the built production server, prints the matrix, and fails on any
 * difference.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { EXPORT_ROUTES, ROUTES } from '../src/routes/routes.ts';
import { API_PREFIX, apiUrl } from '../src/routes/urls.ts';
import { DOCUMENTS } from '../src/discovery/documents.ts';
import { twinPath } from '../src/discovery/markdown-twins.ts';
import { MCP_PATH } from '../src/routes/mcp-endpoint.ts';
import { publishedResources } from '../src/discovery/resources.ts';
import { absoluteUrl, siteUrl } from '../src/site/config.ts';
import { UTILITY_PAGES } from '../src/site/pages.ts';
import { basePath, localeOfPath, localizedPath } from '../src/routes/locale-paths.ts';
import { DEFAULT_LOCALE, LOCALES } from '../src/schemas/common.ts';
import {
  checkDiscoveryFiles,
  checkDocuments,
  checkDossiers,
  checkEndpoints,
  checkExports,
  checkGates,
  checkPages,
  checkTranslations,
  checkTwins,
  formatMatrix,
} from './lib/matrix.ts';
import { loadCatalogOrExit } from './lib/content-exit.ts';
import { checkHtmlValidity } from './lib/html-validity.ts';
import { startServer } from './lib/run-server.ts';

const distDir = process.env['DIST_DIR'] ?? 'dist';
const clientDir = join(distDir, 'client');

/** Every file under a folder, as paths relative to it with forward slashes. */
function walk(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((item) => item.isFile())
    .map((item) => relative(folder, join(item.parentPath, item.name)).split('\\').join('/'));
}

/**
 * The route path an endpoint file under src/pages/api serves, or undefined for the catch-all
 * (`endpointFor(null)`). The file names its route id; when that route's path is not where the file
 * sits, the entry says so, and the comparison with the route table reports it.
 */
function endpointPathOf(file: string): string | undefined {
  const id = /endpointFor\((?:'([^']+)'|null)\)/.exec(readFileSync(join('src/pages/api', file), 'utf8'));
  if (!id) return `${file} names no route id`;
  if (id[1] === undefined) return undefined;
  const located = `${API_PREFIX}/${file
    .replace(/\.ts$/, '')
    .replace(/(^|\/)index$/, '')
    .replace(/\[(\w+)\]/g, '{$1}')}`.replace(/\/$/, '');
  const named = ROUTES.find((route) => route.id === id[1])?.path;
  return named === located ? located : `${file} names ${id[1]} (${named ?? 'no such route'}) but sits at ${located}`;
}

/** The <loc> URLs of every sitemap file listed by the sitemap index. */
function sitemapUrls(): string[] {
  const index = readFileSync(join(clientDir, 'sitemap-index.xml'), 'utf8');
  return [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].flatMap((match) => {
    const file = new URL(match[1]!).pathname;
    return [...readFileSync(join(clientDir, file), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((loc) => loc[1]!);
  });
}

/** GETs an API path and returns its parsed envelope. */
async function api<T>(base: string, path: string): Promise<{ payload: T; text: string }> {
  const response = await fetch(`${base}${path}`);
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  const body = (await response.json()) as { payload: T };
  return { payload: body.payload, text: JSON.stringify(body.payload) };
}

const catalog = loadCatalogOrExit('matrix:check');
const base = siteUrl();
const server = await startServer({ DIST_DIR: distDir });
try {
  const contract = await api<{ paths: Record<string, unknown> }>(server.url, apiUrl('getContract'));
  const audit = await api<{
    counts: { pages: number; translations: number; endpoints: number; operations: number; twins: number };
    routes: { path: string; kind: string }[];
  }>(server.url, apiUrl('getAudit'));
  const discovery = await api<{ items: { kind: string; url: string; id: string }[] }>(server.url, apiUrl('listDiscovery'));
  const operations = await api<{ items: { slug: string }[] }>(server.url, apiUrl('listOperations'));
  const exportPayloads = Object.fromEntries(
    await Promise.all(EXPORT_ROUTES.map(async (route) => [route.exportFile, (await api(server.url, route.path)).text] as const)),
  );
  const toPath = (url: string) => new URL(url).pathname;
  const sitemap = sitemapUrls();
  const htmlFiles = walk(clientDir)
    .filter((file) => file.endsWith('.html'))
    .map((file) => `/${file.replace(/index\.html$/, '').replace(/\.html$/, '/')}`);
  // Utility pages (404, search) are published HTML but not content: the audit lists them apart.
  const utilityPaths = new Set<string>(UTILITY_PAGES.map((page) => page.path));
  const htmlPages = htmlFiles.filter((path) => !utilityPaths.has(basePath(path)));
  /** Whether a path is a translation: in a language other than the default. */
  const translated = (path: string) => localeOfPath(path) !== DEFAULT_LOCALE;
  const otherLocales = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);
  // Precompressed siblings (.br, .gz) are encodings of the files, not files of their own.
  const readFolder = (folder: string) =>
    Object.fromEntries(
      walk(folder)
        .filter((file) => !/\.(?:br|gz)$/.test(file))
        .map((file) => [file, readFileSync(join(folder, file), 'utf8')]),
    );
  const plan = JSON.parse(execFileSync(process.execPath, ['scripts/verify.ts', '--plan'], { encoding: 'utf8' })) as string[];
  const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  const published = publishedResources(catalog);
  const pages = published.pages;
  const servedDocuments = Object.fromEntries(
    await Promise.all(
      DOCUMENTS.map(async (document) => {
        const response = await fetch(`${server.url}${document.path}`);
        await response.arrayBuffer();
        return [document.path, { status: response.status, contentType: response.headers.get('content-type') ?? '' }] as const;
      }),
    ),
  );

  const results = [
    checkEndpoints({
      routeTable: ROUTES.map((route) => route.path),
      endpointFiles: walk('src/pages/api').flatMap((file) => endpointPathOf(file) ?? []),
      contractPaths: Object.keys(contract.payload.paths),
      discoveryEndpoints: discovery.payload.items
        .filter((item) => item.kind === 'endpoint')
        .map((item) => item.id.replace(/^endpoint:/, '')),
      auditEndpoints: audit.payload.counts.endpoints,
    }),
    checkPages({
      inventory: pages.map((page) => page.path),
      sitemap: sitemap.map(toPath).filter((path) => !translated(path)),
      htmlFiles: htmlPages.filter((path) => !translated(path)),
      discoveryPages: discovery.payload.items.filter((item) => item.kind === 'page').map((item) => item.url),
      auditPages: audit.payload.counts.pages,
    }),
    checkTranslations({
      inventory: otherLocales.flatMap((locale) => pages.map((page) => localizedPath(page.path, locale))),
      sitemap: sitemap.map(toPath).filter(translated),
      htmlFiles: htmlPages.filter(translated),
      auditTranslations: audit.payload.counts.translations,
    }),
    checkTwins({
      inventory: LOCALES.flatMap((locale) => pages.map((page) => twinPath(localizedPath(page.path, locale)))),
      sitemap: sitemap.map((url) => twinPath(toPath(url))),
      // Markdown documents (skill.md, sitemap.md, the Agent Skill) are checked with the documents, not as twins.
      mdFiles: walk(clientDir)
        .filter((file) => file.endsWith('.md'))
        .map((file) => `/${file}`)
        .filter((path) => !DOCUMENTS.some((document) => document.path === path)),
      auditTwins: audit.payload.counts.twins,
    }),
    checkDossiers({
      content: catalog.collections.operations.map((entry) => entry.slug),
      api: operations.payload.items.map((item) => item.slug),
      auditOperations: audit.payload.counts.operations,
    }),
    checkGates({
      scripts: packageJson.scripts,
      verifyPlan: plan,
      dossierGates: Object.fromEntries(catalog.collections.operations.map((entry) => [entry.slug, entry.gates])),
    }),
    checkExports({
      dist: readFolder(join(clientDir, 'data')),
      generated: readFolder(join('generated', 'data')),
      api: exportPayloads,
      expected: EXPORT_ROUTES.map((route) => route.exportFile),
    }),
    checkDocuments({
      documents: [...DOCUMENTS],
      served: servedDocuments,
      discoveryDocuments: discovery.payload.items.filter((item) => item.kind === 'document').map((item) => item.url),
      auditDocuments: audit.payload.routes.filter((route) => route.kind === 'document').map((route) => route.path),
    }),
    checkDiscoveryFiles({
      base,
      robotsTxt: readFileSync(join(clientDir, 'robots.txt'), 'utf8'),
      sitemapUrls: sitemap,
      llmsTxt: readFileSync(join(clientDir, 'llms.txt'), 'utf8'),
      knownUrls: [
        ...[...published.pages, ...published.endpoints, ...published.exports, ...published.documents].map((resource) =>
          absoluteUrl(resource.url, base),
        ),
        ...LOCALES.flatMap((locale) => pages.map((page) => absoluteUrl(twinPath(localizedPath(page.path, locale)), base))),
        ...otherLocales.flatMap((locale) => pages.map((page) => absoluteUrl(localizedPath(page.path, locale), base))),
        absoluteUrl(MCP_PATH, base),
      ],
    }),
    await checkHtmlValidity(
      clientDir,
      walk(clientDir).filter((file) => file.endsWith('.html')),
    ),
  ];
  console.log(formatMatrix(results));
  const problems = results.reduce((sum, result) => sum + result.problems.length, 0);
  if (problems > 0) {
    console.error(`\nmatrix:check: ${problems} difference${problems === 1 ? '' : 's'} found.`);
    process.exitCode = 1;
  } else {
    console.log(`\nmatrix:check: all ${results.length} checks agree.`);
  }
} finally {
  await server.stop();
}
