/**
 * Markdown twins: every page of the inventory as Markdown at its path without the trailing slash
 * plus `.md` (`/` is `/index.md`), generated from the catalog and the page copy, never from HTML.
 * The entry sections of llms-full.txt come from `entrySection` here too, so the two cannot drift.
 */
import { ROUTES, routeById } from '../routes/routes.ts';
import { CONTRACT_DOCUMENT_PATH, entryApiUrl, exampleUrl } from '../routes/urls.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { localize } from '../catalog/localize.ts';
import { memo } from '../catalog/memo.ts';
import { pageUrl } from '../catalog/urls.ts';
import type { CollectionName } from '../schemas/collections.ts';
import { DEFAULT_LOCALE } from '../schemas/common.ts';
import type { EntryDates } from '../schemas/history.ts';
import { absoluteUrl } from '../site/config.ts';
import { DETAIL_FAMILIES, pageInventory, SECTION_PAGES, type PageRecord } from '../site/pages.ts';
import { twinDirective } from './agent-directive.ts';
import { LLMS_TXT_PATH } from './paths.ts';

/** The media type twins are served with. */
export const MARKDOWN_MEDIA_TYPE = 'text/markdown; charset=utf-8';

/** The twin of a page path: `/projects/docs-hub/` -> `/projects/docs-hub.md`, `/` -> `/index.md`. */
export function twinPath(pagePath: string): string {
  return pagePath === '/' ? '/index.md' : `${pagePath.replace(/\/$/, '')}.md`;
}

/** Fields shown in an entry's heading and opening lines rather than as bullets. */
const LEAD_FIELDS = new Set(['slug', 'name', 'title', 'summary', 'created_at', 'created_commit', 'updated_at', 'updated_commit']);

/** The line that dates an entry: when it last changed and when it was added, from git. */
export function datesLine(entry: EntryDates): string {
  return `Updated: ${entry.updated_at}. Created: ${entry.created_at}.`;
}

/** A scalar as Markdown text on one line. */
const inline = (value: unknown): string => String(value).replace(/\s*\n\s*/g, ' ');

/** Nested bullets for a field value: scalars inline, lists and objects one level deeper. */
function bullets(value: unknown, indent: string): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      if (item !== null && typeof item === 'object') {
        const [first = '', ...rest] = bullets(item, `${indent}  `);
        return [`${indent}- ${first.trimStart().replace(/^- /, '')}`, ...rest];
      }
      return [`${indent}- ${inline(item)}`];
    });
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      item !== null && typeof item === 'object'
        ? [`${indent}- ${key}:`, ...bullets(item, `${indent}  `)]
        : [`${indent}- ${key}: ${inline(item)}`],
    );
  }
  return [`${indent}- ${inline(value)}`];
}

/** An entry's page: its detail page's twin when it has one, otherwise the page (and anchor) it sits on. */
function entryPageLink(collection: CollectionName, slug: string, base: string): string {
  const page = pageUrl(collection, slug);
  return page.includes('#') ? absoluteUrl(page, base) : absoluteUrl(twinPath(page), base);
}

/**
 * One entry as Markdown: a heading of `level` with its name, links to its page and JSON, its
 * summary, then every other field as nested bullets (en-US).
 */
export function entrySection(catalog: Catalog, collection: CollectionName, slug: string, base: string, level: number): string[] {
  const entry = (catalog.collections[collection] as ({ slug: string } & EntryDates)[]).find((item) => item.slug === slug)!;
  const text = localize(entry, DEFAULT_LOCALE) as Record<string, unknown>;
  const lines = [`${'#'.repeat(level)} ${catalog.ref(collection, slug).name[DEFAULT_LOCALE]}`, ''];
  lines.push(
    `Page: <${absoluteUrl(pageUrl(collection, slug), base)}>. JSON: <${absoluteUrl(entryApiUrl(collection, slug), base)}>.`,
    '',
    datesLine(entry),
    '',
  );
  if (typeof text['summary'] === 'string') lines.push(inline(text['summary']), '');
  const rest = Object.fromEntries(Object.entries(text).filter(([key]) => !LEAD_FIELDS.has(key)));
  if (Object.keys(rest).length > 0) lines.push(...bullets(rest, ''), '');
  return lines;
}

/** Collections whose entries have a page of their own (portfolio cases too, which have no detail endpoint). */
const PAGED_COLLECTIONS = new Set<CollectionName>(DETAIL_FAMILIES.map((family) => family.collection));

/** The collection a section page lists, read from its JSON twin's route. */
function listedCollection(page: PageRecord): CollectionName | undefined {
  return ROUTES.find((route) => route.path === page.api_url)?.lists;
}

const link = (name: string, url: string, note: string) => `- [${name}](${url}): ${inline(note)}`;

/** The body of a section page: links to the twins of its entries, or the entries themselves. */
function sectionBody(catalog: Catalog, page: PageRecord, base: string): string[] {
  const en = DEFAULT_LOCALE;
  if (page.family === 'home') {
    return [
      '## Sections',
      '',
      ...SECTION_PAGES.filter((section) => section.path !== '/').map((section) =>
        link(section.title[en], absoluteUrl(twinPath(section.path), base), section.description[en]),
      ),
      '',
    ];
  }
  if (page.family === 'openapi' || page.family === 'workbench') {
    // The API reference and the workbench present the endpoints: each with a URL that answers 200.
    return [
      '## Endpoints',
      '',
      ...ROUTES.map((route) =>
        link(`GET ${route.path}`, absoluteUrl(exampleUrl(route, catalog), base), `${route.summary}. ${route.description}`),
      ),
      '',
      `The OpenAPI 3.1 contract: <${absoluteUrl(CONTRACT_DOCUMENT_PATH, base)}> (in the envelope: <${absoluteUrl(routeById('getContract').path, base)}>).`,
      '',
    ];
  }
  const collection = listedCollection(page);
  if (!collection) return [];
  const entries = catalog.collections[collection] as { slug: string; summary?: unknown }[];
  if (PAGED_COLLECTIONS.has(collection)) {
    return [
      `## Entries (${entries.length})`,
      '',
      ...entries.map((entry) =>
        link(
          catalog.ref(collection, entry.slug).name[en],
          entryPageLink(collection, entry.slug, base),
          String(localize(entry.summary ?? '', en)),
        ),
      ),
      '',
    ];
  }
  // Entries without a page of their own are shown whole, one section each. The profile is the page
  // itself: its heading and its page and JSON links are the page's own, already written.
  if (collection === 'profile') return entrySection(catalog, collection, entries[0]!.slug, base, 2).slice(4);
  return entries.flatMap((entry) => entrySection(catalog, collection, entry.slug, base, 2));
}

/** The page's level-1 heading, as its HTML says it: the home page shows the studio's name. */
function pageHeading(catalog: Catalog, page: PageRecord): string {
  return page.family === 'home' ? catalog.profile.name : page.title[DEFAULT_LOCALE];
}

/** One page's twin. */
export function buildTwin(catalog: Catalog, page: PageRecord, base: string): string {
  const en = DEFAULT_LOCALE;
  // Under the heading, before anything else: an agent that reads only the top still learns of llms.txt.
  const directive = twinDirective(absoluteUrl(LLMS_TXT_PATH, base));
  if (page.entry) {
    const [, , ...body] = entrySection(catalog, page.entry.collection, page.entry.slug, base, 1);
    return [`# ${pageHeading(catalog, page)}`, '', directive, '', ...body].join('\n');
  }
  const lines = [`# ${pageHeading(catalog, page)}`, '', directive, '', `> ${inline(page.description[en])}`, ''];
  lines.push(`Page: <${absoluteUrl(page.path, base)}>.${page.api_url ? ` JSON: <${absoluteUrl(page.api_url, base)}>.` : ''}`);
  lines.push('', ...sectionBody(catalog, page, base));
  return lines.join('\n');
}

/** One twin: where it is published, the page it mirrors and its text. */
export interface MarkdownTwin {
  path: string;
  page: PageRecord;
  markdown: string;
}

/** Every page's twin, in inventory order; cached per catalog and base URL. */
export function markdownTwins(catalog: Catalog, base: string): readonly MarkdownTwin[] {
  return memo(catalog, `markdown-twins:${base}`, () =>
    pageInventory(catalog).map((page) => ({ path: twinPath(page.path), page, markdown: buildTwin(catalog, page, base) })),
  );
}

/** A sample of twins for the workbench: the first page of each family (every section page, one detail page per family). */
export function twinSample(catalog: Catalog): string[] {
  const families = new Map<string, string>();
  for (const page of pageInventory(catalog)) if (!families.has(page.family)) families.set(page.family, twinPath(page.path));
  return [...families.values()];
}
