/**
 * Astro integration, after every file is written (last, after precompress): sets each published
 * file's modification time to its date (src/site/page-dates.ts): a page, its twin and their
 * compressed siblings the page's; every other file the catalog's. `send` and nginx take
 * Last-Modified and their ETag from it, so a rebuild of one commit changes neither, and a page and
 * its JSON twin carry the same date.
 */
import { utimesSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { filesUnder } from './client-files.ts';
import { loadCatalogFromFiles } from '../catalog/from-files.ts';
import { pageDate } from '../site/page-dates.ts';

/** The page a built file belongs to (`about/index.html`, `about.md`, `about.md.br`: `/about/`); undefined for the rest. */
export function pageOfFile(file: string): string | undefined {
  const name = file.replace(/\.(br|gz)$/, '');
  if (name === 'index.html' || name === 'index.md') return '/';
  if (name.endsWith('/index.html')) return `/${name.slice(0, -'index.html'.length)}`;
  if (name.endsWith('.md')) return `/${name.slice(0, -'.md'.length)}/`;
  return undefined;
}

export default function fileDates(): AstroIntegration {
  return {
    name: 'file-dates',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const clientDir = fileURLToPath(dir);
        const catalog = loadCatalogFromFiles();
        const files = filesUnder(clientDir).map((file) => relative(clientDir, file));
        for (const file of files) {
          const date = new Date(pageDate(catalog, pageOfFile(file) ?? ''));
          utimesSync(join(clientDir, file), date, date);
        }
        logger.info(`dated ${files.length} files from the catalog's history`);
      },
    },
  };
}
