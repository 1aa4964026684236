/**
 * Astro integration: after the build (and after the sitemap is written), stores a Brotli (`.br`)
 * and a gzip (`.gz`) sibling next to every text file of dist/client, so the server and any static
 * host or CDN send compressed bytes without compressing per request. A file whose bytes an earlier
 * build already compressed is linked from the cache (node_modules/.cache/precompress, keyed by its
 * SHA-256 and the settings) instead of being compressed again; gzip carries no file name and no time.
 */
import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import { filesUnder } from './client-files.ts';

/** File types worth compressing (images and fonts are compressed already). */
export const COMPRESSIBLE = /\.(?:html|css|js|mjs|json|txt|md|xml|svg|webmanifest|map)$/;
/** Brotli's best quality for every file up to 1 MB; over it, quality 5 is both faster and smaller than 9. */
const BROTLI_QUALITY = (bytes: number) => (bytes > 1024 * 1024 ? FAST_QUALITY : constants.BROTLI_MAX_QUALITY);
const FAST_QUALITY = 5;
/**
 * How many files one build compresses at the best quality when the cache lacks them. The pages and
 * twins grow with the catalog: a cold 100× build (6,616 pages of 11 kB, 6,614 twins of 1.2 kB) would
 * spend a minute at quality 11, so past this many it gives the rest quality 5 (0.24 ms a page, 10%
 * larger) once, and each later build upgrades this many more from the cache. Every 1× build's files
 * (under 400) are all at the best quality, and the same bytes from build to build.
 */
const COLD_BEST_FILES = 1500;

const brotli = promisify(brotliCompress);
/** Where the siblings of earlier builds are kept, by content hash. PRECOMPRESS_CACHE_DIR moves it; `off` disables it. */
const CACHE_DIR = process.env['PRECOMPRESS_CACHE_DIR'] ?? join(process.cwd(), 'node_modules', '.cache', 'precompress');
/** Bump when the compression settings change; the library versions are part of the key too. */
const CACHE_VERSION = `1-zlib${process.versions.zlib}-brotli${process.versions.brotli}`;

/** Writes `bytes` to the cache atomically (a concurrent build never reads half a file). */
function storeInCache(path: string, bytes: Buffer): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, path);
}
const gzipAsync = promisify(gzip);

/**
 * Puts a cached sibling in place as a hard link to the cache's file: one directory entry, no inode
 * to create and no bytes to write. A warm 100× build's 13,257 files took 1.2-1.4 s to link, against
 * 2-3 s to copy on a rested disk and 13.5 s right after the folder's old siblings were deleted (12.3 s
 * of it in the kernel, creating files). Where a link cannot be made (the cache on another file
 * system), the bytes are copied. dist/ is the build's output: servers only read it, and this step,
 * the one writer of siblings, removes a sibling before putting another in its place.
 */
function placeFromCache(cached: string, target: string): void {
  removeSibling(target);
  try {
    linkSync(cached, target);
  } catch {
    writeFileSync(target, readFileSync(cached));
  }
}

/** Writes a freshly compressed sibling, to a new file (see removeSibling). */
function writeSibling(target: string, bytes: Buffer): void {
  removeSibling(target);
  writeFileSync(target, bytes);
}

/**
 * Removes a sibling left by an earlier build into the same folder before one is put in its place:
 * it may be a link to a cache file, and writing through it would change what the cache holds.
 */
function removeSibling(target: string): void {
  rmSync(target, { force: true });
}

/**
 * Writes `.br` and `.gz` siblings for every compressible file under `folder`; returns how many files.
 * `cacheDir` is where compressed siblings are kept between builds ('off': none); `coldBestFiles`,
 * how many files missing from it this build compresses at the best quality.
 */
export async function precompressFolder(
  folder: string,
  cacheDir: string = CACHE_DIR,
  coldBestFiles: number = COLD_BEST_FILES,
): Promise<number> {
  const files = filesUnder(folder).filter((file) => COMPRESSIBLE.test(file));
  let next = 0;
  let bestLeft = coldBestFiles;
  const keyOf = (raw: Buffer, quality: number) => `${createHash('sha256').update(raw).digest('hex')}-v${CACHE_VERSION}-q${quality}`;
  const cachedAt = (key: string) => (cacheDir === 'off' ? undefined : { br: join(cacheDir, `${key}.br`), gz: join(cacheDir, `${key}.gz`) });
  const inCache = (cached: { br: string; gz: string } | undefined) =>
    cached !== undefined && existsSync(cached.br) && existsSync(cached.gz);
  // zlib's async calls run on libuv's thread pool: one lane per core keeps every core busy.
  const lane = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const raw = readFileSync(file);
      let quality = BROTLI_QUALITY(raw.length);
      let cached = cachedAt(keyOf(raw, quality));
      // The best quality from the cache, or made within this build's allowance, else the fast one.
      if (!inCache(cached) && quality !== FAST_QUALITY) {
        if (bestLeft > 0) bestLeft -= 1;
        else cached = cachedAt(keyOf(raw, (quality = FAST_QUALITY)));
      }
      if (cached && inCache(cached)) {
        placeFromCache(cached.br, `${file}.br`);
        placeFromCache(cached.gz, `${file}.gz`);
        continue;
      }
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: quality,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      writeSibling(`${file}.br`, br);
      writeSibling(`${file}.gz`, gz);
      if (cached) {
        storeInCache(cached.br, br);
        storeInCache(cached.gz, gz);
      }
    }
  };
  if (cacheDir !== 'off') mkdirSync(cacheDir, { recursive: true });
  await Promise.all(Array.from({ length: availableParallelism() }, lane));
  return files.length;
}

/** Listed last in the config, so it runs after the integrations that write files (the sitemap). */
export default function precompress(): AstroIntegration {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const count = await precompressFolder(fileURLToPath(dir));
        logger.info(`precompressed ${count} files (br, gzip) in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
