/** schema.org BreadcrumbList for a page's trail, from the same items the visible trail shows. */
import type { BreadcrumbListLeaf, ListItemLeaf, WithContext } from 'schema-dts';
import { absoluteUrl } from './config.ts';

/** One step of a breadcrumb trail: its label and its site path. */
export interface Crumb {
  name: string;
  path: string;
}

/** The trail as a BreadcrumbList with absolute URLs, positions from 1. */
export function breadcrumbLd(trail: readonly Crumb[]): WithContext<BreadcrumbListLeaf> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index): ListItemLeaf => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}
