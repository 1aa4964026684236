/** schema.org CollectionPage with an ItemList, for index pages. */
import type { CollectionPageLeaf, ItemListLeaf, ListItemLeaf, WithContext } from 'schema-dts';
import { absoluteUrl } from './config.ts';
import { ORGANIZATION_ID } from './profile-ld.ts';

/** One listed item: its name and its site path (an anchor is fine). */
export interface ListedItem {
  name: string;
  path: string;
}

/** An index page listing `items` in order. */
export function collectionPageLd(
  page: { title: string; description: string; path: string },
  items: readonly ListedItem[],
): WithContext<CollectionPageLeaf> {
  const list: ItemListLeaf = {
    '@type': 'ItemList',
    numberOfItems: items.length,
    itemListElement: items.map((item, index): ListItemLeaf => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      url: absoluteUrl(item.path),
    })),
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    '@id': absoluteUrl(page.path),
    name: page.title,
    description: page.description,
    url: absoluteUrl(page.path),
    inLanguage: 'en-US',
    publisher: { '@id': ORGANIZATION_ID },
    mainEntity: list,
  };
}
