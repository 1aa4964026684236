/**
 * llms-full.txt: the whole catalog as Markdown in en-US, for language models that want every entry
 * in one file (the companion of llms.txt, https://llmstxt.org). One section per collection, one
 * heading per entry with its page and JSON, then every field as nested bullets.
 */
import { routeById } from '../api/spec/routes.ts';
import { entryApiUrl, exportPath } from '../api/spec/urls.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { localize } from '../catalog/localize.ts';
import { pageUrl } from '../catalog/urls.ts';
import { COLLECTION_NAMES } from '../schemas/collections.ts';
import { DEFAULT_LOCALE } from '../schemas/common.ts';
import { SITE_NAME, absoluteUrl } from '../site/config.ts';

/** Fields shown in an entry's heading and opening line rather than as bullets. */
const LEAD_FIELDS = new Set(['slug', 'name', 'title', 'summary']);

/** A scalar as Markdown text on one line. */
const inline = (value: unknown): string => String(value).replace(/\s*\n\s*/g, ' ');

/** Nested bullets for a field value: scalars inline, lists and objects one level deeper. */
function bullets(value: unknown, indent: string): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      if (item !== null && typeof item === 'object') {
        const [first = '', ...rest] = bullets(item, `${indent}  `);
        return [`${indent}- ${first.trimStart().replace(/^- /, '')}`, ...rest];
      }
      return [`${indent}- ${inline(item)}`];
    });
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      item !== null && typeof item === 'object'
        ? [`${indent}- ${key}:`, ...bullets(item, `${indent}  `)]
        : [`${indent}- ${key}: ${inline(item)}`],
    );
  }
  return [`${indent}- ${inline(value)}`];
}

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
    for (const entry of entries) {
      const text = localize(entry, en) as Record<string, unknown>;
      lines.push(`### ${catalog.ref(collection, entry.slug).name[en]}`, '');
      lines.push(
        `Page: ${absoluteUrl(pageUrl(collection, entry.slug), base)}. JSON: ${absoluteUrl(entryApiUrl(collection, entry.slug), base)}.`,
        '',
      );
      if (typeof text['summary'] === 'string') lines.push(inline(text['summary']), '');
      const rest = Object.fromEntries(Object.entries(text).filter(([key]) => !LEAD_FIELDS.has(key)));
      if (Object.keys(rest).length > 0) lines.push(...bullets(rest, ''), '');
    }
  }
  return lines.join('\n');
}
