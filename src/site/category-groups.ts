/**
 * Index pages that list entries under their category (the portfolio, the project index) group them
 * here, the same way: categories in catalog order, each with the entries its dossier resolves.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { localize, type Localized } from '../catalog/localize.ts';
import type { EntryOf } from '../schemas/collections.ts';
import type { Locale } from '../schemas/common.ts';
import type { CategoryDetail, Ref } from '../schemas/views.ts';

/** The collections a category dossier lists as its own entries. */
export type GroupedCollection = 'cases' | 'projects';

/** One category and its entries of one collection, in the category dossier's order. */
export interface CategoryGroup<C extends GroupedCollection> {
  category: Localized<CategoryDetail>;
  entries: { ref: Localized<Ref>; entry: EntryOf<C> }[];
}

/**
 * Every category that holds at least one entry of `collection`, with those entries. Category
 * dossiers already resolve their cases and projects, so the groups read them instead of filtering again.
 */
export function groupByCategory<C extends GroupedCollection>(catalog: Catalog, collection: C, locale: Locale): CategoryGroup<C>[] {
  return catalog.collections.categories.flatMap((entry) => {
    const detail = catalog.categoryDetail(entry.slug);
    if (!detail || detail[collection].length === 0) return [];
    const category = localize(detail, locale);
    const entries = category[collection].map((ref) => {
      const member = catalog.get(collection, ref.slug);
      if (!member) throw new Error(`Category "${entry.slug}" lists unknown ${collection} entry "${ref.slug}"`);
      return { ref, entry: member };
    });
    return [{ category, entries }];
  });
}
