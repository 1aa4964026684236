/** schema.org WebSite for the home page. */
import type { WebSiteLeaf, WithContext } from 'schema-dts';
import { localizedPath } from '../routes/locale-paths.ts';
import type { Locale } from '../schemas/common.ts';
import { absoluteUrl } from './config.ts';
import { ORGANIZATION_ID } from './profile-ld.ts';

/** The site itself in one language, published by the studio. */
export function webSiteLd(name: string, description: string, locale: Locale): WithContext<WebSiteLeaf> {
  const home = absoluteUrl(localizedPath('/', locale));
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${home}#website`,
    name,
    description,
    url: home,
    inLanguage: locale,
    publisher: { '@id': ORGANIZATION_ID },
  };
}
