/** schema.org Organization and Person for the studio and its founder, read from the profile. */
import type { OrganizationLeaf, PersonLeaf, WithContext } from 'schema-dts';
import { localize } from '../catalog/localize.ts';
import type { Locale } from '../schemas/common.ts';
import type { Profile } from '../schemas/profile.ts';
import { absoluteUrl } from './config.ts';

/** Stable node ids, so other JSON-LD objects can point at the studio and its founder. */
export const ORGANIZATION_ID = absoluteUrl('/#organization');
export const FOUNDER_ID = absoluteUrl('/about/#founder');

/** The studio as a schema.org Organization; `sameAs` lists its public web channels. */
export function organizationLd(profile: Profile, locale: Locale): WithContext<OrganizationLeaf> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': ORGANIZATION_ID,
    name: profile.name,
    url: absoluteUrl('/'),
    email: profile.email,
    description: localize(profile.headline, locale),
    foundingDate: String(profile.founded),
    location: localize(profile.location, locale),
    founder: { '@id': FOUNDER_ID },
    // Only web addresses identify the studio elsewhere; mailto: is its email, not an identity.
    sameAs: profile.channels.map((channel) => channel.url).filter((url) => url.startsWith('https://')),
    knowsAbout: localize(profile.specialties, locale),
  };
}

/** The founder as a schema.org Person working for the studio. */
export function personLd(profile: Profile, locale: Locale): WithContext<PersonLeaf> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    '@id': FOUNDER_ID,
    name: profile.founder.name,
    jobTitle: localize(profile.founder.role, locale),
    url: profile.founder.url,
    worksFor: { '@id': ORGANIZATION_ID },
  };
}
