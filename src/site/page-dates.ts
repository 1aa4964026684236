/**
 * Each page's date (src/catalog/dates.ts): an entry's page has its entry's, a section page the newest
 * of the collection it lists, any other page the catalog's. The sitemap's <lastmod>, the page's
 * "Updated" line and JSON-LD, and the built file's time (Last-Modified) all read it.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { catalogUpdated, collectionUpdated, entryUpdated } from '../catalog/dates.ts';
import { memo } from '../catalog/memo.ts';
import { ROUTES } from '../routes/routes.ts';
import { pageInventory, type PageRecord } from './pages.ts';

/** The date of one inventory page. */
function dateOf(catalog: Catalog, page: PageRecord): string {
  if (page.entry) return entryUpdated(catalog, page.entry.collection, page.entry.slug);
  const listed = ROUTES.find((route) => route.path === page.api_url)?.lists;
  return listed ? collectionUpdated(catalog, listed) : catalogUpdated(catalog);
}

/** Every inventory page's date by path. */
export function pageDates(catalog: Catalog): ReadonlyMap<string, string> {
  return memo(catalog, 'page-dates', () => new Map(pageInventory(catalog).map((page) => [page.path, dateOf(catalog, page)])));
}

/** The date of the page at `path` (with its trailing slash); the catalog's for a page outside the inventory. */
export function pageDate(catalog: Catalog, path: string): string {
  return pageDates(catalog).get(path) ?? catalogUpdated(catalog);
}
