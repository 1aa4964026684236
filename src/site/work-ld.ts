/** schema.org CreativeWork for portfolio cases and SoftwareSourceCode for project dossiers. */
import type { CreativeWorkLeaf, SoftwareSourceCodeLeaf, WithContext } from 'schema-dts';
import type { Localized } from '../catalog/localize.ts';
import type { CaseDetail, ProjectDetail } from '../schemas/views.ts';
import { localizedPath } from '../routes/locale-paths.ts';
import type { Locale } from '../schemas/common.ts';
import { absoluteUrl } from './config.ts';
import { ORGANIZATION_ID } from './profile-ld.ts';

/** A portfolio case: the work, who it was for, when, and what it was about. */
export function caseLd(item: Localized<CaseDetail>, path: string, locale: Locale): WithContext<CreativeWorkLeaf> {
  const url = (site: string) => absoluteUrl(localizedPath(site, locale));
  return {
    '@context': 'https://schema.org',
    '@type': 'CreativeWork',
    '@id': url(path),
    name: item.title,
    headline: item.title,
    description: item.summary,
    url: url(path),
    inLanguage: locale,
    dateCreated: String(item.year),
    dateModified: item.updated_at,
    creator: { '@id': ORGANIZATION_ID },
    sourceOrganization: { '@id': ORGANIZATION_ID },
    about: item.client,
    genre: item.category.name,
    keywords: item.stacks.map((stack) => stack.name),
    ...(item.project ? { isBasedOn: url(item.project.url) } : {}),
  };
}

/** A project dossier as source code: repository, stacks as keywords, related projects. */
export function projectLd(project: Localized<ProjectDetail>, path: string, locale: Locale): WithContext<SoftwareSourceCodeLeaf> {
  const url = (site: string) => absoluteUrl(localizedPath(site, locale));
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareSourceCode',
    '@id': url(path),
    name: project.name,
    description: project.summary,
    abstract: project.description,
    url: url(path),
    inLanguage: locale,
    dateCreated: String(project.started),
    dateModified: project.updated_at,
    creativeWorkStatus: project.status,
    author: { '@id': ORGANIZATION_ID },
    genre: project.category.name,
    keywords: project.stacks.map((stack) => stack.name),
    ...(project.repository ? { codeRepository: project.repository } : {}),
    ...(project.related.length ? { isRelatedTo: project.related.map((related) => url(related.url)) } : {}),
  };
}
