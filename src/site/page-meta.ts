/**
 * What a page says about itself (title, description, JSON twin), read from the page inventory so
 * pages, the sitemap and discovery agree on one list.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { localize } from '../catalog/localize.ts';
import { pageInventory, type PageFamily, type PageRecord } from './pages.ts';
import type { Locale } from '../schemas/common.ts';
import { SITE_NAME } from './config.ts';
import { dictionaryFor } from './i18n/dictionary.ts';
import { DETAILS } from './i18n/en-US/details.ts';

/** Meta descriptions shorter than this are extended with context (search engines show ~150). */
export const MIN_DESCRIPTION_LENGTH = 50;

/** How each family is named in running text, in English (for build messages; pages read their locale's names). */
export const FAMILY_LABELS: Record<PageFamily, string> = DETAILS.families;

/** A page's head facts in one locale. */
export interface PageMeta {
  record: PageRecord;
  path: string;
  title: string;
  description: string;
  apiUrl: string | undefined;
}

/** The description, extended with the family and the studio's name when it is too short to be useful. */
export function describe(record: PageRecord, locale: Locale): string {
  const text = localize(record.description, locale).trim();
  if (text.length >= MIN_DESCRIPTION_LENGTH) return text;
  const sentence = /[.!?]$/.test(text) ? text : `${text}.`;
  const { details } = dictionaryFor(locale);
  return `${sentence} ${details.describeMore(details.families[record.family], SITE_NAME)}`;
}

/** Head facts of one inventory record. */
export function pageMeta(record: PageRecord, locale: Locale): PageMeta {
  return {
    record,
    path: record.path,
    title: localize(record.title, locale),
    description: describe(record, locale),
    apiUrl: record.api_url,
  };
}

/** The inventory record at `path`; throws when the page is not in the inventory (a page without a record is a bug). */
export function recordAt(catalog: Catalog, path: string): PageRecord {
  const record = pageInventory(catalog).find((page) => page.path === path);
  if (!record) throw new Error(`No page inventory record for "${path}"`);
  return record;
}

/** The inventory records of one family, in catalog order. */
export function recordsOf(catalog: Catalog, family: PageFamily): PageRecord[] {
  return pageInventory(catalog).filter((page) => page.family === family);
}
