/**
 * llms-full.txt: the whole catalog as Markdown in en-US, for language models that want every entry
 * in one file (the companion of llms.txt, https://llmstxt.org). One section per collection, one
 * heading per entry with its page and JSON, then every field as nested bullets: the same entry
 * sections as the Markdown twins (markdown-twins.ts).
 */
import { routeById } from '../routes/routes.ts';
import { exportPath } from '../routes/urls.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { COLLECTION_NAMES } from '../schemas/collections.ts';
import { DEFAULT_LOCALE } from '../schemas/common.ts';
import { SITE_NAME, absoluteUrl } from '../site/config.ts';
import { entrySection } from './markdown-twins.ts';

/** Builds llms-full.txt with absolute URLs from `base`. */
export function buildLlmsFullTxt(catalog: Catalog, base: string): string {
  const en = DEFAULT_LOCALE;
  const catalogExport = routeById('getCatalog').exportFile;
  const profile = catalog.profile;
  const lines = [
    `# ${SITE_NAME}: the full catalog`,
    '',
    `> ${profile.headline[en]} ${profile.summary[en]}`,
    '',
    `Every entry of the catalog (version ${catalog.version}) in ${en}, one section per collection.${catalogExport ? ` The same data as JSON: ${absoluteUrl(exportPath(catalogExport), base)}.` : ''}`,
    '',
  ];
  for (const collection of COLLECTION_NAMES) {
    const entries = catalog.collections[collection] as { slug: string }[];
    lines.push(`## ${collection} (${entries.length})`, '');
    for (const entry of entries) lines.push(...entrySection(catalog, collection, entry.slug, base, 3));
  }
  return lines.join('\n');
}
