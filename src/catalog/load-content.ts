/**
 * The one reader of the content: lists, parses and validates the YAML files of a content folder
 * once per run, and every consumer takes what it produced: the Astro content collections (through
 * content-loader.ts), the sitemap paths in astro.config.mjs, the server's snapshot (api-bundle),
 * site:export and the other scripts. A run is one process; the result is kept on `globalThis`
 * because Astro loads astro.config.mjs and content.config.ts through separate module graphs, and
 * keyed by the folder's file names, sizes and modification times so `npm run dev` reads it again
 * after an edit.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Collections } from '../schemas/collections.ts';
import { contentDir as defaultContentDir } from './content-dir.ts';
import { ContentValidationError, type ContentIssue } from './content-error.ts';
import { readHistory, type ContentHistory } from './history.ts';
import { readContent } from './load-files.ts';
import type { RawCollections } from './raw-content.ts';
import { checkCollections } from './validate.ts';

/** What one read of a content folder produced: the parsed files, every issue, and the valid entries. */
export interface ContentRead {
  /** The parsed YAML, file by file, valid or not (the editor schemas are written from it). */
  readonly raw: RawCollections;
  /** Every problem, one per mistake; empty when the content is valid. */
  readonly issues: readonly ContentIssue[];
  /** The validated entries, each dated from git; only meaningful when `issues` is empty. */
  readonly collections: Collections;
  /** The folder's git history: dates, changes (feeds), stale translations. */
  readonly history: ContentHistory;
}

interface Cached {
  stamp: string;
  read: ContentRead;
}

const CACHE_KEY = Symbol.for('studio-catalog.content-reads');
/** Reads by folder, shared by every module instance in the process. */
const cache: Map<string, Cached> = ((globalThis as Record<symbol, unknown>)[CACHE_KEY] ??= new Map()) as Map<string, Cached>;

/** Every file and folder under `folder` with its size and modification time: changes when any file does. */
function stampOf(folder: string): string {
  const parts: string[] = [];
  const walk = (path: string) => {
    for (const item of readdirSync(path, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const child = join(path, item.name);
      if (item.isDirectory()) {
        parts.push(`${child}/`);
        walk(child);
      } else {
        const stat = statSync(child);
        parts.push(`${child} ${stat.size} ${stat.mtimeMs}`);
      }
    }
  };
  walk(folder);
  return parts.join('\n');
}

/** Parses and validates `folder` (default: CONTENT_DIR, else content/), once per run and content state. */
export function loadContent(folder?: string, root = process.cwd()): ContentRead {
  const absolute = folder ? resolve(folder) : defaultContentDir();
  const key = `${absolute}\0${resolve(root)}`;
  const stamp = stampOf(absolute);
  const cached = cache.get(key);
  if (cached?.stamp === stamp) return cached.read;
  const { raw, issues: fileIssues } = readContent(absolute, root);
  const history = readHistory(absolute);
  const { collections, issues } = checkCollections(raw, (file) => {
    const path = resolve(root, file);
    const stale = history.staleOf(path);
    return stale.length > 0 ? { ...history.datesOf(path), stale_translations: [...stale] } : history.datesOf(path);
  });
  const read: ContentRead = { raw, issues: [...fileIssues, ...issues], collections, history };
  cache.set(key, { stamp, read });
  return read;
}

/** The validated collections of `folder`; throws the editors' report (one line per mistake) when any file is wrong. */
export function loadCollections(folder?: string, root = process.cwd()): Collections {
  const { issues, collections } = loadContent(folder, root);
  if (issues.length > 0) throw new ContentValidationError(issues);
  return collections;
}
