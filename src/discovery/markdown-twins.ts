/**
 * Markdown twins: every page of the inventory, in every language, as Markdown at its path without
 * the trailing slash plus `.md` (`/` is `/index.md`, `/pt-br/` is `/pt-br/index.md`), generated from
 * the catalog and the page copy, never from HTML. A translation's twin is written in its language:
 * the catalog's text in that locale, its own few words from TWIN_WORDS, links to pages of that
 * language. The entry sections of llms-full.txt come from `entrySection` here too, so the two
 * cannot drift. Links are absolute on the base URL SITE_URL names; without one they are site paths,
 * as the pages' own links are, never a guessed host such as localhost.
 */
import { ROUTES, routeById } from '../routes/routes.ts';
import { CONTRACT_DOCUMENT_PATH, entryApiUrl, exampleUrl } from '../routes/urls.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { localize } from '../catalog/localize.ts';
import { memo } from '../catalog/memo.ts';
import { pageUrl } from '../catalog/urls.ts';
import type { CollectionName } from '../schemas/collections.ts';
import { DEFAULT_LOCALE, LOCALES, textIn, type Locale } from '../schemas/common.ts';
import { STALE_TRANSLATIONS_KEY, type EntryDates, type EntryHistory } from '../schemas/history.ts';
import { apiUrlIn, basePath, localizedPath } from '../routes/locale-paths.ts';
import { publicUrl } from '../site/config.ts';
import { DETAIL_FAMILIES, pageInventory, SECTION_PAGES, type PageRecord } from '../site/pages.ts';
import { twinDirective } from './agent-directive.ts';
import { markdownUrl } from './markdown-link.ts';
import { LLMS_TXT_PATH } from './paths.ts';

/** The media type twins are served with. */
export const MARKDOWN_MEDIA_TYPE = 'text/markdown; charset=utf-8';

/**
 * The twin of a page path: `/projects/docs-hub/` -> `/projects/docs-hub.md`, `/` -> `/index.md`. A
 * language's home page keeps its twin in its folder (`/pt-br/` -> `/pt-br/index.md`), so every twin
 * of a translation sits under the language's segment, as its page does.
 */
export function twinPath(pagePath: string): string {
  return basePath(pagePath) === '/' ? `${pagePath.replace(/\/?$/, '/')}index.md` : `${pagePath.replace(/\/$/, '')}.md`;
}

/** A twin's own words (the catalog's text comes in the twin's language from the catalog). */
interface TwinWords {
  page: string;
  sections: string;
  endpoints: string;
  /** Said before the endpoint list where its descriptions (the route table's) are in another language. */
  endpointsNote?: string;
  entries: (count: number) => string;
  dates: (updated: string, created: string) => string;
  contract: (document: string, envelope: string) => string;
  /** The note under an entry's dates for a field whose translation is older than its English text. */
  stale: (field: string, date: string, original: string) => string;
}

export const TWIN_WORDS: Record<Locale, TwinWords> = {
  'en-US': {
    page: 'Page',
    sections: 'Sections',
    endpoints: 'Endpoints',
    entries: (count) => `Entries (${count})`,
    dates: (updated, created) => `Updated: ${updated}. Created: ${created}.`,
    contract: (document, envelope) => `The OpenAPI 3.1 contract: ${document} (in the envelope: ${envelope}).`,
    stale: (field, date, original) => `> The English text of ${field} changed on ${date}, after this translation: ${original}.`,
  },
  'pt-BR': {
    page: 'Página',
    sections: 'Seções',
    endpoints: 'Endpoints',
    endpointsNote: 'As descrições vêm do contrato OpenAPI, em inglês.',
    entries: (count) => `Entradas (${count})`,
    dates: (updated, created) => `Atualização: ${updated}. Criação: ${created}.`,
    contract: (document, envelope) => `O contrato OpenAPI 3.1: ${document} (no envelope: ${envelope}).`,
    stale: (field, date, original) =>
      `> Tradução desatualizada: o texto em inglês do campo \`${field}\` mudou em ${date}, depois desta tradução. O original: ${original}.`,
  },
};

/** Fields shown in an entry's heading and opening lines rather than as bullets. */
const LEAD_FIELDS = new Set([
  'slug',
  'name',
  'title',
  'summary',
  'created_at',
  'created_commit',
  'updated_at',
  'updated_commit',
  STALE_TRANSLATIONS_KEY,
]);

/** The line that dates an entry: when it last changed and when it was added, from git. */
export function datesLine(entry: EntryDates, locale: Locale = DEFAULT_LOCALE): string {
  return TWIN_WORDS[locale].dates(entry.updated_at, entry.created_at);
}

/** Fields whose values are site paths: a translation's twin gives the same page in its language. */
const LINK_FIELDS = new Set(['url', 'routes']);

/** `value` with every link field's page paths in `locale` (files, the API and other sites stay as they are). */
function localizeLinks(value: unknown, locale: Locale, key?: string): unknown {
  if (typeof value === 'string') return key !== undefined && LINK_FIELDS.has(key) ? localizedPath(value, locale) : value;
  if (Array.isArray(value)) return value.map((item) => localizeLinks(item, locale, key));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, localizeLinks(item, locale, name)]));
  return value;
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

/** An entry's page in `locale`: its detail page's twin when it has one, otherwise the page (and anchor) it sits on. */
function entryPageLink(collection: CollectionName, slug: string, base: string | undefined, locale: Locale): string {
  const page = localizedPath(pageUrl(collection, slug), locale);
  return publicUrl(page.includes('#') ? page : twinPath(page), base);
}

/**
 * One entry as Markdown in `locale`: a heading of `level` with its name, links to its page and JSON
 * in that language, its summary, a note for each field whose translation is behind its English
 * text, then every other field as nested bullets.
 */
export function entrySection(
  catalog: Catalog,
  collection: CollectionName,
  slug: string,
  base: string | undefined,
  level: number,
  locale: Locale = DEFAULT_LOCALE,
): string[] {
  const words = TWIN_WORDS[locale];
  const entry = (catalog.collections[collection] as ({ slug: string } & EntryHistory)[]).find((item) => item.slug === slug)!;
  const text = localize(entry, locale) as Record<string, unknown>;
  const lines = [`${'#'.repeat(level)} ${catalog.ref(collection, slug).name[locale]}`, ''];
  const page = publicUrl(localizedPath(pageUrl(collection, slug), locale), base);
  const json = publicUrl(apiUrlIn(entryApiUrl(collection, slug), locale), base);
  lines.push(`${words.page}: ${markdownUrl(page)}. JSON: ${markdownUrl(json)}.`, '', datesLine(entry, locale), '');
  // The source language is never behind itself: localize() keeps the stale fields in translations only.
  const stale = locale === DEFAULT_LOCALE ? [] : (entry[STALE_TRANSLATIONS_KEY] ?? []);
  const original = entryPageLink(collection, slug, base, DEFAULT_LOCALE);
  for (const field of stale) lines.push(words.stale(field.field, field.source_at.slice(0, 10), markdownUrl(original)), '');
  if (typeof text['summary'] === 'string') lines.push(inline(text['summary']), '');
  const rest = Object.fromEntries(Object.entries(text).filter(([key]) => !LEAD_FIELDS.has(key)));
  const shown = locale === DEFAULT_LOCALE ? rest : localizeLinks(rest, locale);
  if (Object.keys(rest).length > 0) lines.push(...bullets(shown, ''), '');
  return lines;
}

/** Collections whose entries have a page of their own (portfolio cases too, which have no detail endpoint). */
const PAGED_COLLECTIONS = new Set<CollectionName>(DETAIL_FAMILIES.map((family) => family.collection));

/** The collection a section page lists, read from its JSON twin's route. */
function listedCollection(page: PageRecord): CollectionName | undefined {
  return ROUTES.find((route) => route.path === page.api_url)?.lists;
}

const link = (name: string, url: string, note: string) => `- [${name}](${url}): ${inline(note)}`;

/** The body of a section page in `locale`: links to the twins of its entries, or the entries themselves. */
function sectionBody(catalog: Catalog, page: PageRecord, base: string | undefined, locale: Locale): string[] {
  const words = TWIN_WORDS[locale];
  if (page.family === 'home') {
    return [
      `## ${words.sections}`,
      '',
      ...SECTION_PAGES.filter((section) => section.path !== '/').map((section) =>
        link(
          textIn(section.title, locale),
          publicUrl(twinPath(localizedPath(section.path, locale)), base),
          textIn(section.description, locale),
        ),
      ),
      '',
    ];
  }
  if (page.family === 'openapi' || page.family === 'workbench') {
    // The API reference and the workbench present the endpoints: each with a URL that answers 200.
    return [
      `## ${words.endpoints}`,
      '',
      ...(words.endpointsNote ? [words.endpointsNote, ''] : []),
      ...ROUTES.map((route) =>
        link(`GET ${route.path}`, publicUrl(exampleUrl(route, catalog), base), `${route.summary}. ${route.description}`),
      ),
      '',
      words.contract(markdownUrl(publicUrl(CONTRACT_DOCUMENT_PATH, base)), markdownUrl(publicUrl(routeById('getContract').path, base))),
      '',
    ];
  }
  const collection = listedCollection(page);
  if (!collection) return [];
  const entries = catalog.collections[collection] as { slug: string; summary?: unknown }[];
  if (PAGED_COLLECTIONS.has(collection)) {
    return [
      `## ${words.entries(entries.length)}`,
      '',
      ...entries.map((entry) =>
        link(
          textIn(catalog.ref(collection, entry.slug).name, locale),
          entryPageLink(collection, entry.slug, base, locale),
          String(localize(entry.summary ?? '', locale)),
        ),
      ),
      '',
    ];
  }
  // Entries without a page of their own are shown whole, one section each. The profile is the page
  // itself: its heading and its page and JSON links are the page's own, already written.
  if (collection === 'profile') return entrySection(catalog, collection, entries[0]!.slug, base, 2, locale).slice(4);
  return entries.flatMap((entry) => entrySection(catalog, collection, entry.slug, base, 2, locale));
}

/** The page's level-1 heading, as its HTML says it: the home page shows the studio's name. */
function pageHeading(catalog: Catalog, page: PageRecord, locale: Locale): string {
  return page.family === 'home' ? catalog.profile.name : textIn(page.title, locale);
}

/** One page's twin in `locale` (the page of that language: its path under the language's segment). */
export function buildTwin(catalog: Catalog, page: PageRecord, base: string | undefined, locale: Locale = DEFAULT_LOCALE): string {
  // Under the heading, before anything else: an agent that reads only the top still learns of llms.txt.
  const directive = twinDirective(publicUrl(LLMS_TXT_PATH, base), locale);
  const heading = `# ${pageHeading(catalog, page, locale)}`;
  if (page.entry) {
    const [, , ...body] = entrySection(catalog, page.entry.collection, page.entry.slug, base, 1, locale);
    return [heading, '', directive, '', ...body].join('\n');
  }
  const lines = [heading, '', directive, '', `> ${inline(page.description[locale])}`, ''];
  const json = page.api_url ? ` JSON: ${markdownUrl(publicUrl(apiUrlIn(page.api_url, locale), base))}.` : '';
  lines.push(`${TWIN_WORDS[locale].page}: ${markdownUrl(publicUrl(localizedPath(page.path, locale), base))}.${json}`);
  lines.push('', ...sectionBody(catalog, page, base, locale));
  return lines.join('\n');
}

/** One twin: where it is published, the page it mirrors (the inventory's record), its language and its text. */
export interface MarkdownTwin {
  path: string;
  page: PageRecord;
  locale: Locale;
  markdown: string;
}

/**
 * Every page's twin in every language: the inventory in order, one language after the other (the
 * default first); cached per catalog and base URL. `base` is configuredSiteUrl(): undefined without
 * SITE_URL, and the links are site paths.
 */
export function markdownTwins(catalog: Catalog, base: string | undefined): readonly MarkdownTwin[] {
  return memo(catalog, `markdown-twins:${base ?? ''}`, () =>
    LOCALES.flatMap((locale) =>
      pageInventory(catalog).map((page) => ({
        path: twinPath(localizedPath(page.path, locale)),
        page,
        locale,
        markdown: buildTwin(catalog, page, base, locale),
      })),
    ),
  );
}

/**
 * A sample of twins for the workbench: the first page of each family (every section page, one
 * detail page per family), in `locale`.
 */
export function twinSample(catalog: Catalog, locale: Locale = DEFAULT_LOCALE): string[] {
  const families = new Map<string, string>();
  for (const page of pageInventory(catalog))
    if (!families.has(page.family)) families.set(page.family, twinPath(localizedPath(page.path, locale)));
  return [...families.values()];
}
