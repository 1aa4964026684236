// @ts-check
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { loadCatalogFromFiles } from './src/catalog/from-files.ts';
import { pageInventory } from './src/site/pages.ts';
import { pageDates } from './src/site/page-dates.ts';
import apiBundle from './src/integrations/api-bundle.ts';
import buildRecord from './src/integrations/build-record.ts';
import clientFiles from './src/integrations/client-files.ts';
import contentCheck from './src/integrations/content-check.ts';
import fileDates from './src/integrations/file-dates.ts';
import portableBuild from './src/integrations/portable-build.ts';
import precompress from './src/integrations/precompress.ts';
import searchIndex from './src/integrations/search-index.ts';
import { siteUrl } from './src/site/config.ts';
import { basePath, LOCALE_SEGMENTS } from './src/routes/locale-paths.ts';
import { DEFAULT_LOCALE, LOCALES } from './src/schemas/common.ts';
import { writeNginxIncludes } from './deploy/nginx/generate.mjs';

/**
 * Styles that go into the one site stylesheet: src/styles/ and every <style> of a layout, component
 * or page, except the two pages with a large stylesheet of their own (the workbench panel and Swagger
 * UI), which keep it to themselves.
 * @param {string} id
 */
function isSiteStyle(id) {
  return /\/src\/(styles|layouts|components|pages)\/.*(\.css$|[?&]type=style)/.test(id) && !/\/src\/pages\/(workbench|openapi)\//.test(id);
}

/**
 * The sitemap lists exactly the page inventory, in every language: no API routes, no redirects, no
 * 404; each with its date and its alternates in the other languages (xhtml:link).
 */
const catalog = loadCatalogFromFiles();
const inventoryPaths = new Set(pageInventory(catalog).map((page) => page.path));
const dates = pageDates(catalog);
/** @astrojs/sitemap's alternates: each locale by its path segment; the default's key is in no path. */
const sitemapDefault = DEFAULT_LOCALE.toLowerCase();
const sitemapLocales = Object.fromEntries(LOCALES.map((locale) => [LOCALE_SEGMENTS[locale] ?? sitemapDefault, locale]));

export default defineConfig({
  site: siteUrl(),
  // DIST_DIR builds beside the main build (tests, benchmarks); server/ reads the same variable.
  outDir: process.env['DIST_DIR'] ?? './dist',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [
    sitemap({
      filter: (page) => inventoryPaths.has(basePath(new URL(page).pathname)),
      serialize: (item) => ({ ...item, lastmod: dates.get(basePath(new URL(item.url).pathname)) ?? '' }),
      i18n: { defaultLocale: sitemapDefault, locales: sitemapLocales },
    }),
    apiBundle(),
    contentCheck(),
    portableBuild(),
    buildRecord(),
    // After the pages are written, before precompress, which compresses the index's script and entry.
    searchIndex(),
    // nginx's include files for this build (deploy/nginx/), from the server's header and cache modules.
    {
      name: 'nginx-includes',
      hooks: {
        'astro:build:done': ({ dir, logger }) => {
          const outDir = fileURLToPath(new URL('../', dir));
          logger.info(`nginx includes for ${writeNginxIncludes(outDir, `${outDir}nginx`)} files`);
        },
      },
    },
    // Compresses every file the integrations before it wrote.
    precompress(),
    // Last: dates every file, compressed siblings included (Last-Modified and ETag from git, not the build's clock).
    fileDates(),
    // Then lists every file for the server (dist/client-files.txt).
    clientFiles(),
  ],
  redirects: {
    '/docs/': '/openapi/',
    '/swagger-ui.html': '/openapi/',
  },
  // A read-only site has no forms to protect; the API answers 405 itself for write methods.
  security: { checkOrigin: false },
  // External stylesheets only, so the Content-Security-Policy needs no inline-style allowance for our CSS.
  build: {
    inlineStylesheets: 'never',
    // Pages rendered at once. One at a time, prerendering waits on each file's creation (ext4 finds
    // the inode) for a third to half of its time; the 100× build (paired runs): 56.9 s with 1, 50.1 s
    // with 2, 45.6 s with 4 (against 48.6 s with 2). The pages' bytes do not depend on it.
    concurrency: 4,
  },
  vite: {
    // Astro inlines a script smaller than this limit; the CSP (script-src 'self') runs files only.
    build: { assetsInlineLimit: 0 },
    // Only where pages are rendered and their CSS bundled: a group in the server build would name its
    // chunks after absolute module paths, so dist/server would differ from folder to folder.
    environments: {
      prerender: {
        build: {
          rolldownOptions: {
            output: {
              // The site's styles sit in their components and pages; they still ship as one stylesheet, so
              // a page makes one render-blocking CSS request, as before the split (see isSiteStyle).
              codeSplitting: { groups: [{ name: 'site', test: isSiteStyle }] },
            },
          },
        },
      },
    },
  },
  devToolbar: { enabled: false },
  // No sessions: nothing per machine (the Node adapter's default file-system driver) in the build,
  // nothing shared between workers or replicas.
  session: false,
});
