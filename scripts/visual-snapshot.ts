/**
 * Visual snapshot of the built site, to prove a stylesheet refactor changed nothing a reader sees.
 * It starts the built server, opens pages in Chromium (no JavaScript: the workbench and the API
 * reference show their static part) and records, per page and view:
 *   - every element's computed style, ::before/::after/::marker included, and its box;
 *   - full-page screenshots of one page per family;
 *   - the stylesheets each page links, with their bytes (raw and gzip).
 *
 *   npm run visual:snapshot -- record <dir> [--view <name>] [--match <text>]
 *                                    record the current build (dist/) into <dir>, optionally only some
 *                                    views (light-1280, light-375, dark-1280, dark-375, print-1280) or
 *                                    the pages whose path contains <text>
 *   npm run visual:snapshot -- compare <before> <after> exit 1 on any pixel or computed-style difference
 *
 * Record the old build (e.g. a `git archive` of the old commit, built), then the new one, then compare.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { pageUrl } from '../src/catalog/urls.ts';
import { pageInventory } from '../src/site/pages.ts';
import { loadCatalogOrExit } from './lib/content-exit.ts';
import { startServer } from './lib/run-server.ts';

const executablePath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

interface View {
  name: string;
  width: number;
  colorScheme: 'light' | 'dark';
  media: 'screen' | 'print';
  /** Only the family samples are recorded in this view (keeps the run short). */
  samplesOnly: boolean;
}

const VIEWS: View[] = [
  { name: 'light-1280', width: 1280, colorScheme: 'light', media: 'screen', samplesOnly: false },
  { name: 'light-375', width: 375, colorScheme: 'light', media: 'screen', samplesOnly: false },
  { name: 'dark-1280', width: 1280, colorScheme: 'dark', media: 'screen', samplesOnly: true },
  { name: 'dark-375', width: 375, colorScheme: 'dark', media: 'screen', samplesOnly: true },
  { name: 'print-1280', width: 1280, colorScheme: 'light', media: 'print', samplesOnly: true },
];
/** Views whose family samples are also screenshotted. */
const SCREENSHOT_VIEWS = new Set(['light-1280', 'light-375', 'dark-1280', 'dark-375']);

/** The pages to record: every inventory page (the workbench and the API reference without their scripts), the 404 page, and anchors that light up with :target. */
function targets(): { pages: string[]; samples: string[] } {
  const catalog = loadCatalogOrExit('visual:snapshot');
  const inventory = pageInventory(catalog);
  const samples = inventory
    .filter((page, index) => inventory.findIndex((other) => other.family === page.family) === index)
    .map((page) => page.path);
  const anchored = (['capabilities', 'journeys', 'links', 'profiles', 'trust'] as const).flatMap((collection) => {
    const first = catalog.collections[collection][0];
    return first ? [pageUrl(collection, first.slug)] : [];
  });
  const notFound = '/no-such-page/';
  return { pages: [...inventory.map((page) => page.path), notFound, ...anchored], samples: [...samples, notFound, ...anchored] };
}

/** A file name for a URL. */
const slugOf = (url: string): string => url.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';

/** Every element's computed style (and its pseudo-elements') and box, with identical style lists stored once. */
async function computedStyles(page: Page): Promise<{ styles: string[]; elements: [string, number, number, number, string][] }> {
  return page.evaluate(() => {
    const table = new Map<string, number>();
    const intern = (text: string): number => {
      let index = table.get(text);
      if (index === undefined) {
        index = table.size;
        table.set(text, index);
      }
      return index;
    };
    const serialize = (style: CSSStyleDeclaration): string => {
      const parts: string[] = [];
      for (let index = 0; index < style.length; index += 1) {
        const name = style.item(index);
        parts.push(`${name}:${style.getPropertyValue(name)}`);
      }
      return parts.join('\n');
    };
    const elements: [string, number, number, number, string][] = [];
    for (const element of [document.documentElement, ...document.documentElement.querySelectorAll('body, body *')]) {
      const box = element.getBoundingClientRect();
      elements.push([
        element.tagName.toLowerCase() + (element.id ? `#${element.id}` : ''),
        intern(serialize(getComputedStyle(element))),
        intern(serialize(getComputedStyle(element, '::before'))),
        intern(serialize(getComputedStyle(element, '::after'))),
        // Page coordinates: a page opened at an anchor may still be scrolling smoothly when measured.
        `${element.getClientRects().length === 0 ? 'no box' : `${box.x + window.scrollX},${box.y + window.scrollY},${box.width},${box.height}`};marker:${getComputedStyle(element, '::marker').content}`,
      ]);
    }
    return { styles: [...table.keys()], elements };
  });
}

async function record(dir: string, only: { views: string[]; match: string | undefined }): Promise<void> {
  const chosen = targets();
  const keep = (url: string) => only.match === undefined || url.includes(only.match);
  const [pages, samples] = [chosen.pages.filter(keep), chosen.samples.filter(keep)];
  const server = await startServer();
  const browser = await chromium.launch({ executablePath, args: LAUNCH_ARGS });
  const css: Record<string, { href: string; bytes: number; gzip: number }[]> = {};
  try {
    for (const view of VIEWS.filter((candidate) => only.views.length === 0 || only.views.includes(candidate.name))) {
      mkdirSync(join(dir, view.name), { recursive: true });
      const context = await browser.newContext({
        viewport: { width: view.width, height: 900 },
        colorScheme: view.colorScheme,
        javaScriptEnabled: false,
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      await page.emulateMedia({ media: view.media });
      for (const url of view.samplesOnly ? samples : pages) {
        await page.goto(`${server.url}${url}`, { waitUntil: 'load' });
        const dump = await computedStyles(page);
        writeFileSync(join(dir, view.name, `${slugOf(url)}.json.gz`), gzipSync(JSON.stringify(dump)));
        if (SCREENSHOT_VIEWS.has(view.name) && samples.includes(url) && !url.includes('#')) {
          await page.screenshot({ path: join(dir, view.name, `${slugOf(url)}.png`), fullPage: true });
        }
        if (view.name === 'light-1280' && !url.includes('#')) {
          const hrefs = await page.$$eval('link[rel="stylesheet"]', (links) => links.map((link) => link.getAttribute('href') ?? ''));
          css[url] = await Promise.all(
            hrefs.map(async (href) => {
              const body = Buffer.from(await (await fetch(`${server.url}${href}`)).arrayBuffer());
              return { href, bytes: body.length, gzip: gzipSync(body).length };
            }),
          );
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  if (Object.keys(css).length > 0) writeFileSync(join(dir, 'css.json'), JSON.stringify(css, null, 1));
  console.log(`visual-snapshot: recorded ${pages.length} pages (${samples.length} samples) into ${dir}`);
}

/** Number of pixels that differ between two PNGs, decoded by the browser. */
async function pixelDifference(browser: Browser, a: Buffer, b: Buffer): Promise<string> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(
      async ([first, second]) => {
        const decode = async (base64: string) => {
          const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const context = canvas.getContext('2d')!;
          context.drawImage(bitmap, 0, 0);
          return { width: bitmap.width, height: bitmap.height, data: context.getImageData(0, 0, bitmap.width, bitmap.height).data };
        };
        const [x, y] = [await decode(first!), await decode(second!)];
        if (x.width !== y.width || x.height !== y.height) return `size ${x.width}x${x.height} -> ${y.width}x${y.height}`;
        let differing = 0;
        for (let index = 0; index < x.data.length; index += 4) {
          if (x.data[index] !== y.data[index] || x.data[index + 1] !== y.data[index + 1] || x.data[index + 2] !== y.data[index + 2])
            differing += 1;
        }
        return differing === 0 ? '' : `${differing} pixels differ`;
      },
      [a.toString('base64'), b.toString('base64')],
    );
  } finally {
    await page.close();
  }
}

/** A style list in property-name order: Chromium lists custom properties in no fixed order. */
const sortedCache = new Map<string, string>();
function sorted(style: string): string {
  let result = sortedCache.get(style);
  if (result === undefined) {
    result = style.split('\n').sort().join('\n');
    sortedCache.set(style, result);
  }
  return result;
}

/** The first few property differences between two serialized style lists. */
function styleDifference(before: string, after: string): string {
  const parse = (text: string) =>
    new Map(text.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]));
  const [x, y] = [parse(before), parse(after)];
  const names = [...new Set([...x.keys(), ...y.keys()])].filter((name) => x.get(name) !== y.get(name));
  return names
    .slice(0, 4)
    .map((name) => `${name}: ${x.get(name)} -> ${y.get(name)}`)
    .join('; ');
}

async function compare(beforeDir: string, afterDir: string): Promise<number> {
  const problems: string[] = [];
  let styleFiles = 0;
  let screenshots = 0;
  const browser = await chromium.launch({ executablePath, args: LAUNCH_ARGS });
  try {
    for (const view of VIEWS.filter((candidate) => existsSync(join(beforeDir, candidate.name)))) {
      for (const file of readdirSync(join(beforeDir, view.name)).sort()) {
        const [beforePath, afterPath] = [join(beforeDir, view.name, file), join(afterDir, view.name, file)];
        const label = `${view.name}/${file}`;
        if (!existsSync(afterPath)) {
          problems.push(`${label}: missing after`);
          continue;
        }
        if (file.endsWith('.png')) {
          screenshots += 1;
          const [a, b] = [readFileSync(beforePath), readFileSync(afterPath)];
          const difference = a.equals(b) ? '' : await pixelDifference(browser, a, b);
          if (difference) problems.push(`${label}: ${difference}`);
          continue;
        }
        styleFiles += 1;
        type Dump = Awaited<ReturnType<typeof computedStyles>>;
        const [a, b] = [beforePath, afterPath].map((path) => JSON.parse(gunzipSync(readFileSync(path)).toString()) as Dump) as [Dump, Dump];
        if (a.elements.length !== b.elements.length) {
          problems.push(`${label}: ${a.elements.length} elements -> ${b.elements.length}`);
          continue;
        }
        const pseudo = ['', '::before', '::after'];
        let reported = 0;
        a.elements.forEach((element, index) => {
          const other = b.elements[index]!;
          for (const slot of [1, 2, 3] as const) {
            const [x, y] = [a.styles[element[slot]]!, b.styles[other[slot]]!];
            if (x !== y && sorted(x) !== sorted(y) && reported++ < 3)
              problems.push(`${label}: #${index} ${element[0]}${pseudo[slot - 1]} ${styleDifference(x, y)}`);
          }
          if (element[4] !== other[4] && reported++ < 3)
            problems.push(`${label}: #${index} ${element[0]} box ${element[4]} -> ${other[4]}`);
        });
      }
    }
  } finally {
    await browser.close();
  }
  console.log(
    `visual-snapshot: ${styleFiles} computed-style dumps and ${screenshots} screenshots compared, ${problems.length} differences`,
  );
  for (const problem of problems.slice(0, 60)) console.log(`  - ${problem}`);
  return problems.length === 0 ? 0 : 1;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { view: { type: 'string', multiple: true, default: [] }, match: { type: 'string' } },
});
const [command, first, second] = positionals;
if (command === 'record' && first) await record(first, { views: values.view, match: values.match });
else if (command === 'compare' && first && second) process.exitCode = await compare(first, second);
else {
  console.error('usage: node scripts/visual-snapshot.ts record <dir> [--view <name>] [--match <text>] | compare <before-dir> <after-dir>');
  process.exitCode = 2;
}
