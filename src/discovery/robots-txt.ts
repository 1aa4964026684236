/**
 * robots.txt: everything open to crawlers and agents, every language's pages and twins included
 * (one `Allow: /`, no rule per language, so no language can be left out), the studio's Content Signals
 * (contentsignals.org) from its profile (content/profile, an editable field with a default), and
 * the sitemap named absolutely.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { CONTENT_SIGNAL_NAMES } from '../schemas/profile.ts';
import { absoluteUrl } from '../site/config.ts';

/** The `Content-Signal` value of a catalog: `search=yes, ai-input=yes, ai-train=no`. */
export function contentSignal(catalog: Catalog): string {
  const signals = catalog.profile.content_signals;
  return CONTENT_SIGNAL_NAMES.map((name) => `${name}=${signals[name]}`).join(', ');
}

/** Builds robots.txt with absolute URLs from `base`. */
export function buildRobotsTxt(catalog: Catalog, base: string): string {
  return [
    '# Content signals: search (a search index with links and short excerpts), ai-input (content given',
    '# to an AI model to answer, such as retrieval), ai-train (training or fine-tuning AI models).',
    'User-agent: *',
    `Content-Signal: ${contentSignal(catalog)}`,
    'Allow: /',
    '',
    `Sitemap: ${absoluteUrl('/sitemap-index.xml', base)}`,
    '',
  ].join('\n');
}
