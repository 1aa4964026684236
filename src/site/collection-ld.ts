/** schema.org CollectionPage with an ItemList, for index pages. */
import type { CollectionPageLeaf, ItemListLeaf, ListItemLeaf, WithContext } from 'schema-dts';
import { localizedPath } from '../routes/locale-paths.ts';
import type { Locale } from '../schemas/common.ts';
import { absoluteUrl } from './config.ts';
import { ORGANIZATION_ID } from './profile-ld.ts';

/** One listed item: its name and its site path (an anchor is fine). */
export interface ListedItem {
  name: string;
  path: string;
}

/** An index page in `locale` listing `items` in order (paths in the default locale). */
export function collectionPageLd(
  page: { title: string; description: string; path: string },
  items: readonly ListedItem[],
  locale: Locale,
): WithContext<CollectionPageLeaf> {
  const url = (path: string) => absoluteUrl(localizedPath(path, locale));
  const list: ItemListLeaf = {
    '@type': 'ItemList',
    numberOfItems: items.length,
    itemListElement: items.map((item, index): ListItemLeaf => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      url: url(item.path),
    })),
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    '@id': url(page.path),
    name: page.title,
    description: page.description,
    url: url(page.path),
    inLanguage: locale,
    publisher: { '@id': ORGANIZATION_ID },
    mainEntity: list,
  };
}
