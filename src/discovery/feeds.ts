/**
 * The change feeds: Atom (RFC 4287) and JSON Feed 1.1, one item per entry-level change (an entry
 * added, updated or removed by a commit, with the fields that changed), newest first, the last
 * FEED_LIMIT of them, from the content's git history (src/catalog/history.ts). Written by feedsmith;
 * every date is a commit time, so one commit gives the same bytes anywhere.
 *
 * One edition per language: English at /feed.atom and /feed.json, Portuguese at /pt-br/feed.atom and
 * /pt-br/feed.json, each with its titles and summaries in its language and links to its pages. A
 * reader subscribes in one language and sees one language per item, as on the site; each Atom feed
 * links the other editions (rel="alternate" with hreflang).
 */
import { generateAtomFeed, generateJsonFeed } from 'feedsmith';
import type { Catalog } from '../catalog/catalog.ts';
import { catalogUpdated } from '../catalog/dates.ts';
import type { ContentChange } from '../catalog/history.ts';
import { pageUrl } from '../catalog/urls.ts';
import { localizedPath } from '../routes/locale-paths.ts';
import { COLLECTION_NAMES, type CollectionName } from '../schemas/collections.ts';
import { DEFAULT_LOCALE, LOCALES, textIn, type Locale } from '../schemas/common.ts';
import { SITE_NAME, absoluteUrl } from '../site/config.ts';
import { feedPaths } from './paths.ts';

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

/** What an action is called in a feed's language. */
type ActionWords = Record<ContentChange['action'], string>;

/** A feed edition's own words: its title and description, and how an item names its change. */
interface FeedWords {
  title: string;
  description: string;
  /** An item's title: what happened to which entry of which collection. */
  itemTitle: (action: ContentChange['action'], name: string, collection: CollectionName) => string;
  /** An item's text: the file, what happened to it, in which commit, and the fields that changed. */
  itemText: (file: string, action: ContentChange['action'], commit: string, fields: readonly string[]) => string;
}

const capitalized = (word: string) => `${word[0]!.toUpperCase()}${word.slice(1)}`;

/** Each collection as a Portuguese reader calls it. */
const COLLECTIONS_PT: Record<CollectionName, string> = {
  profile: 'perfil do estúdio',
  profiles: 'perfis',
  links: 'links',
  cases: 'portfólio',
  categories: 'categorias',
  capabilities: 'capacidades',
  stacks: 'stacks',
  projects: 'projetos',
  operations: 'dossiês operacionais',
  journeys: 'jornadas',
  trust: 'confiança',
};
/** A change as a noun (an item's title) and a file's fate as a participle (its text). */
const CHANGES_PT: ActionWords = { added: 'adição', updated: 'atualização', removed: 'remoção' };
const FILE_ACTIONS_PT: ActionWords = { added: 'adicionado', updated: 'atualizado', removed: 'removido' };

export const FEED_WORDS: Record<Locale, FeedWords> = {
  'en-US': {
    title: `${SITE_NAME}: catalog changes`,
    description: 'Every entry added, updated or removed, with the fields that changed, newest first.',
    itemTitle: (action, name, collection) => `${capitalized(action)} ${name} (${collection})`,
    itemText: (file, action, commit, fields) =>
      `${file} ${action} in commit ${commit}${fields.length > 0 ? `; fields: ${fields.join(', ')}` : ''}.`,
  },
  'pt-BR': {
    title: `${SITE_NAME}: mudanças do catálogo`,
    description: 'Cada entrada adicionada, atualizada ou removida, com os campos que mudaram, da mais recente para a mais antiga.',
    itemTitle: (action, name, collection) => `${capitalized(CHANGES_PT[action])}: ${name} (${COLLECTIONS_PT[collection]})`,
    itemText: (file, action, commit, fields) =>
      `${file} ${FILE_ACTIONS_PT[action]} no commit ${commit}${fields.length > 0 ? `; campos: ${fields.join(', ')}` : ''}.`,
  },
};

/** The entry's name now in `locale`, or its slug when it is gone. */
function nameOf(catalog: Catalog, collection: CollectionName, slug: string, locale: Locale): string {
  return catalog.get(collection, slug) ? textIn(catalog.ref(collection, slug).name, locale) : slug;
}

/** Where a change leads in `locale`: the entry's page, or its collection's page when the entry is gone. */
function changeUrl(catalog: Catalog, collection: CollectionName, slug: string, base: string, locale: Locale): string {
  const page = pageUrl(collection, slug);
  return absoluteUrl(localizedPath(catalog.get(collection, slug) ? page : page.replace(/[^/]*\/?(#.*)?$/, ''), locale), base);
}

/** The last FEED_LIMIT changes to entries of known collections, as feed items of `locale`'s edition. */
export function feedItems(catalog: Catalog, changes: readonly ContentChange[], base: string, locale: Locale = DEFAULT_LOCALE): FeedItem[] {
  const words = FEED_WORDS[locale];
  const atom = absoluteUrl(feedPaths(locale).atom, base);
  return changes
    .filter((change) => (COLLECTION_NAMES as readonly string[]).includes(change.collection))
    .slice(0, FEED_LIMIT)
    .map((change) => {
      const collection = change.collection as CollectionName;
      return {
        id: `${atom}#${change.commit}/${change.file}`,
        title: words.itemTitle(change.action, nameOf(catalog, collection, change.slug, locale), collection),
        text: words.itemText(change.file, change.action, change.commit, change.fields),
        url: changeUrl(catalog, collection, change.slug, base, locale),
        date: change.time,
        tags: [`action:${change.action}`, `collection:${collection}`, ...change.fields.map((field) => `field:${field}`)],
      };
    });
}

/** The feed's own date: its newest item's, or the catalog's when it has none. */
const feedDate = (catalog: Catalog, items: readonly FeedItem[]) => new Date(items[0]?.date ?? catalogUpdated(catalog));

/** The Atom feed of `locale`'s edition, linking the other editions. */
export function atomFeed(catalog: Catalog, changes: readonly ContentChange[], base: string, locale: Locale = DEFAULT_LOCALE): string {
  const items = feedItems(catalog, changes, base, locale);
  const words = FEED_WORDS[locale];
  const paths = feedPaths(locale);
  const home = absoluteUrl(localizedPath('/', locale), base);
  return generateAtomFeed({
    id: absoluteUrl(paths.atom, base),
    title: { value: words.title },
    subtitle: { value: words.description },
    updated: feedDate(catalog, items),
    authors: [{ name: catalog.profile.name, uri: home }],
    links: [
      { href: absoluteUrl(paths.atom, base), rel: 'self', type: ATOM_MEDIA_TYPE },
      { href: home, rel: 'alternate', type: 'text/html' },
      { href: absoluteUrl(paths.json, base), rel: 'alternate', type: JSON_FEED_MEDIA_TYPE },
      // The same changes in the other languages (RFC 4287's hreflang).
      ...LOCALES.filter((other) => other !== locale).map((other) => ({
        href: absoluteUrl(feedPaths(other).atom, base),
        rel: 'alternate',
        type: ATOM_MEDIA_TYPE,
        hreflang: other,
      })),
    ],
    entries: items.map((item) => ({
      id: item.id,
      title: { value: item.title },
      updated: new Date(item.date),
      links: [{ href: item.url, rel: 'alternate' }],
      summary: { value: item.text },
      categories: item.tags.map((term) => ({ term })),
    })),
    xml: { lang: locale },
  });
}

/** The JSON Feed 1.1 of `locale`'s edition (JSON Feed names its language, but has no link to other editions). */
export function jsonFeed(catalog: Catalog, changes: readonly ContentChange[], base: string, locale: Locale = DEFAULT_LOCALE): string {
  const items = feedItems(catalog, changes, base, locale);
  const words = FEED_WORDS[locale];
  const home = absoluteUrl(localizedPath('/', locale), base);
  return JSON.stringify(
    generateJsonFeed({
      title: words.title,
      description: words.description,
      home_page_url: home,
      feed_url: absoluteUrl(feedPaths(locale).json, base),
      language: locale,
      authors: [{ name: catalog.profile.name, url: home }],
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
