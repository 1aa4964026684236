/** Where each entry lives on the site: one mapping every surface reads (API URLs: src/routes/urls.ts). */
import type { CollectionName } from '../schemas/collections.ts';

/** Page path of an entry; collections without detail pages point at an anchor on their index. */
export function pageUrl(collection: CollectionName, slug: string): string {
  switch (collection) {
    case 'cases':
      return `/portfolio/${slug}/`;
    case 'categories':
    case 'stacks':
    case 'projects':
    case 'operations':
      return `/${collection}/${slug}/`;
    case 'capabilities':
    case 'journeys':
    case 'trust':
    case 'links':
    case 'profiles':
      return `/${collection}/#${slug}`;
    case 'profile':
      return '/about/';
  }
}
