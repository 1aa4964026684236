/**
 * The build's precompression (src/integrations/precompress.ts) with its cache: siblings that decode
 * to their file, a file compressed before put in place from the cache as a link, and a later build
 * into the same folder that never writes through such a link into the cache.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../src/integrations/precompress.ts';

const root = mkdtempSync(join(tmpdir(), 'precompress-'));
const cacheDir = join(root, 'cache');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const FIRST = `<!doctype html><title>One</title>${'<p>the same words again and again</p>'.repeat(40)}`;
const SECOND = `<!doctype html><title>Two</title>${'<p>other words, said more than once</p>'.repeat(40)}`;

/** A build output folder holding one page. */
function folderWith(name: string, html: string): string {
  const folder = join(root, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'index.html'), html);
  return folder;
}

const decoded = (folder: string) => ({
  br: brotliDecompressSync(readFileSync(join(folder, 'index.html.br'))).toString(),
  gz: gunzipSync(readFileSync(join(folder, 'index.html.gz'))).toString(),
});

/** The cache's file for `coding` whose bytes decode to `html`. */
function cacheFileOf(html: string, coding: 'br' | 'gz'): string {
  const decode = coding === 'br' ? brotliDecompressSync : gunzipSync;
  const file = readdirSync(cacheDir)
    .filter((name) => name.endsWith(`.${coding}`))
    .find((name) => decode(readFileSync(join(cacheDir, name))).toString() === html);
  expect(file, `a cached .${coding} of the page`).toBeDefined();
  return join(cacheDir, file!);
}

describe('precompression with its cache', () => {
  it('writes siblings that decode to the file, and keeps them in the cache', async () => {
    const folder = folderWith('first', FIRST);
    expect(await precompressFolder(folder, cacheDir)).toBe(1);
    expect(decoded(folder)).toEqual({ br: FIRST, gz: FIRST });
    cacheFileOf(FIRST, 'br');
    cacheFileOf(FIRST, 'gz');
  });

  it('puts a file compressed before in place from the cache as a link, not a copy', async () => {
    const folder = folderWith('again', FIRST);
    await precompressFolder(folder, cacheDir);
    expect(decoded(folder)).toEqual({ br: FIRST, gz: FIRST });
    for (const coding of ['br', 'gz'] as const)
      expect(statSync(join(folder, `index.html.${coding}`)).ino).toBe(statSync(cacheFileOf(FIRST, coding)).ino);
  });

  it('replaces linked siblings when the file changes, and leaves the cache as it was', async () => {
    const folder = join(root, 'again');
    writeFileSync(join(folder, 'index.html'), SECOND);
    await precompressFolder(folder, cacheDir);
    expect(decoded(folder)).toEqual({ br: SECOND, gz: SECOND });
    // The first page's cached siblings still hold the first page: nothing was written through a link.
    expect(brotliDecompressSync(readFileSync(cacheFileOf(FIRST, 'br'))).toString()).toBe(FIRST);
    expect(gunzipSync(readFileSync(cacheFileOf(FIRST, 'gz'))).toString()).toBe(FIRST);
  });

  it('makes at most its allowance of files missing from the cache at the best quality, and later builds upgrade the rest', async () => {
    const folder = join(root, 'many');
    mkdirSync(folder, { recursive: true });
    const pages = [FIRST, SECOND, `${SECOND}<p>third</p>`].map((html, index) => `${html}<!-- ${index} allowance -->`);
    pages.forEach((html, index) => writeFileSync(join(folder, `page-${index}.html`), html));
    const best = (html: string) =>
      brotliCompressSync(html, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
        },
      });
    const atBest = () => pages.filter((html, index) => readFileSync(join(folder, `page-${index}.html.br`)).equals(best(html))).length;
    await precompressFolder(folder, cacheDir, 1);
    expect(atBest()).toBe(1);
    await precompressFolder(folder, cacheDir, 1);
    expect(atBest()).toBe(2);
    await precompressFolder(folder, cacheDir, 1);
    expect(atBest()).toBe(3);
    pages.forEach((html, index) => expect(brotliDecompressSync(readFileSync(join(folder, `page-${index}.html.br`))).toString()).toBe(html));
  });
});
