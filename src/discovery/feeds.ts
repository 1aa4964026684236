/**
 * The change feeds: Atom (RFC 4287) and JSON Feed 1.1, one item per entry-level change (an entry
 * added, updated or removed by a commit, with the fields that changed), newest first, the last
 * FEED_LIMIT of them, from the content's git history (src/catalog/history.ts). Written by feedsmith;
 * every date is a commit time, so one commit gives the same bytes anywhere.
 */
import { generateAtomFeed, generateJsonFeed } from 'feedsmith';
import type { Catalog } from '../catalog/catalog.ts';
import { catalogUpdated } from '../catalog/dates.ts';
import type { ContentChange } from '../catalog/history.ts';
import { pageUrl } from '../catalog/urls.ts';
import { COLLECTION_NAMES, type CollectionName } from '../schemas/collections.ts';
import { DEFAULT_LOCALE } from '../schemas/common.ts';
import { SITE_NAME, absoluteUrl } from '../site/config.ts';
import { FEED_ATOM_PATH, FEED_JSON_PATH } from './paths.ts';

/** How many changes a feed holds: a nightly consumer that misses more re-reads the exports. */
export const FEED_LIMIT = 200;
/** The media type of a JSON Feed. */
export const JSON_FEED_MEDIA_TYPE = 'application/feed+json';
/** The media type of an Atom feed. */
export const ATOM_MEDIA_TYPE = 'application/atom+xml';

/** One change as both feeds publish it. */
export interface FeedItem {
  readonly id: string;
  readonly title: string;
  readonly text: string;
  readonly url: string;
  readonly date: string;
  readonly tags: readonly string[];
}

/** The entry's name now, or its slug when it is gone. */
function nameOf(catalog: Catalog, collection: CollectionName, slug: string): string {
  return catalog.get(collection, slug) ? catalog.ref(collection, slug).name[DEFAULT_LOCALE] : slug;
}

/** Where a change leads: the entry's page, or its collection's page when the entry is gone. */
function changeUrl(catalog: Catalog, collection: CollectionName, slug: string, base: string): string {
  const page = pageUrl(collection, slug);
  return absoluteUrl(catalog.get(collection, slug) ? page : page.replace(/[^/]*\/?(#.*)?$/, ''), base);
}

/** The last FEED_LIMIT changes to entries of known collections, as feed items. */
export function feedItems(catalog: Catalog, changes: readonly ContentChange[], base: string): FeedItem[] {
  return changes
    .filter((change) => (COLLECTION_NAMES as readonly string[]).includes(change.collection))
    .slice(0, FEED_LIMIT)
    .map((change) => {
      const collection = change.collection as CollectionName;
      const fields = change.fields.join(', ');
      return {
        id: `${absoluteUrl(FEED_ATOM_PATH, base)}#${change.commit}/${change.file}`,
        title: `${change.action[0]!.toUpperCase()}${change.action.slice(1)} ${nameOf(catalog, collection, change.slug)} (${collection})`,
        text: `${change.file} ${change.action} in commit ${change.commit}${fields ? `; fields: ${fields}` : ''}.`,
        url: changeUrl(catalog, collection, change.slug, base),
        date: change.time,
        tags: [`action:${change.action}`, `collection:${collection}`, ...change.fields.map((field) => `field:${field}`)],
      };
    });
}

const TITLE = `${SITE_NAME}: catalog changes`;
const DESCRIPTION = 'Every entry added, updated or removed, with the fields that changed, newest first.';
/** The feed's own date: its newest item's, or the catalog's when it has none. */
const feedDate = (catalog: Catalog, items: readonly FeedItem[]) => new Date(items[0]?.date ?? catalogUpdated(catalog));

/** The Atom feed. */
export function atomFeed(catalog: Catalog, changes: readonly ContentChange[], base: string): string {
  const items = feedItems(catalog, changes, base);
  return generateAtomFeed({
    id: absoluteUrl(FEED_ATOM_PATH, base),
    title: { value: TITLE },
    subtitle: { value: DESCRIPTION },
    updated: feedDate(catalog, items),
    authors: [{ name: catalog.profile.name, uri: absoluteUrl('/', base) }],
    links: [
      { href: absoluteUrl(FEED_ATOM_PATH, base), rel: 'self', type: ATOM_MEDIA_TYPE },
      { href: absoluteUrl('/', base), rel: 'alternate', type: 'text/html' },
      { href: absoluteUrl(FEED_JSON_PATH, base), rel: 'alternate', type: JSON_FEED_MEDIA_TYPE },
    ],
    entries: items.map((item) => ({
      id: item.id,
      title: { value: item.title },
      updated: new Date(item.date),
      links: [{ href: item.url, rel: 'alternate' }],
      summary: { value: item.text },
      categories: item.tags.map((term) => ({ term })),
    })),
  });
}

/** The JSON Feed 1.1. */
export function jsonFeed(catalog: Catalog, changes: readonly ContentChange[], base: string): string {
  const items = feedItems(catalog, changes, base);
  return JSON.stringify(
    generateJsonFeed({
      title: TITLE,
      description: DESCRIPTION,
      home_page_url: absoluteUrl('/', base),
      feed_url: absoluteUrl(FEED_JSON_PATH, base),
      language: DEFAULT_LOCALE,
      authors: [{ name: catalog.profile.name, url: absoluteUrl('/', base) }],
      items: items.map((item) => ({
        id: item.id,
        url: item.url,
        title: item.title,
        content_text: item.text,
        date_modified: new Date(item.date),
        tags: [...item.tags],
      })),
    }),
  );
}
