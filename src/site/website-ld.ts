/** schema.org WebSite for the home page. */
import type { WebSiteLeaf, WithContext } from 'schema-dts';
import { absoluteUrl } from './config.ts';
import { ORGANIZATION_ID } from './profile-ld.ts';

/** The site itself, published by the studio. */
export function webSiteLd(name: string, description: string): WithContext<WebSiteLeaf> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': absoluteUrl('/#website'),
    name,
    description,
    url: absoluteUrl('/'),
    inLanguage: 'en-US',
    publisher: { '@id': ORGANIZATION_ID },
  };
}
