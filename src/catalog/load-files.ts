/**
 * Reads the content folder straight from disk for plain scripts and tests (site:export, matrix:check),
 * with the same YAML parser as Astro's glob() loader and the same schemas.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import yaml from 'js-yaml';
import { COLLECTION_NAMES, type CollectionName } from '../schemas/collections.ts';
import { displayPath } from './content-dir.ts';
import { ContentValidationError, type ContentIssue } from './content-error.ts';
import type { RawCollections, RawEntry } from './validate.ts';

/** File extensions an entry may have; anything else in a collection folder is an error. */
export const CONTENT_EXTENSIONS = ['.yaml', '.yml'] as const;

/** Lists files under a folder, recursively, sorted for a stable catalog order. */
function listFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .flatMap((item) => (item.isDirectory() ? listFiles(join(folder, item.name)) : [join(folder, item.name)]))
    .sort();
}

/** Parses one YAML file, turning syntax errors into an issue with line and column. */
function parseFile(path: string, file: string, issues: ContentIssue[]): RawEntry | undefined {
  const text = readFileSync(path, 'utf8');
  try {
    return { file, data: yaml.load(text, { filename: file }) };
  } catch (error) {
    if (error instanceof yaml.YAMLException) {
      const line = error.mark.line + 1;
      const column = error.mark.column + 1;
      const source = text.split('\n')[error.mark.line] ?? '';
      issues.push({
        file,
        field: `(line ${line}, column ${column})`,
        value: source.trim(),
        problem: `YAML syntax error: ${error.reason}`,
      });
      return undefined;
    }
    throw error;
  }
}

/**
 * Reads every collection folder under `contentDir`. Unknown folders, stray files and YAML errors
 * are reported together, so an editor sees every problem in one run.
 */
export function readContentFolder(contentDir: string, root = process.cwd()): RawCollections {
  const issues: ContentIssue[] = [];
  const raw = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, [] as RawEntry[]])) as RawCollections;
  for (const item of readdirSync(contentDir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(contentDir, item.name);
    const file = relative(root, path).split('\\').join('/');
    if (!item.isDirectory()) {
      if (item.name.endsWith('.md')) continue; // notes for editors, such as README.md
      issues.push({
        file,
        field: '(file)',
        value: item.name,
        problem: 'files belong in a collection folder',
        allowed: COLLECTION_NAMES.map((name) => displayPath(join(contentDir, name), root)),
      });
      continue;
    }
    if (!(COLLECTION_NAMES as readonly string[]).includes(item.name)) {
      issues.push({
        file,
        field: '(folder)',
        value: item.name,
        problem: 'this folder is not a collection',
        allowed: [...COLLECTION_NAMES],
      });
      continue;
    }
    for (const entryPath of listFiles(path)) {
      const entryFile = relative(root, entryPath).split('\\').join('/');
      if (!CONTENT_EXTENSIONS.some((extension) => entryPath.endsWith(extension))) {
        issues.push({
          file: entryFile,
          field: '(file)',
          value: entryFile.split('/').pop(),
          problem: 'entries are YAML files',
          allowed: [...CONTENT_EXTENSIONS],
        });
        continue;
      }
      const entry = parseFile(entryPath, entryFile, issues);
      if (entry) raw[item.name as CollectionName].push(entry);
    }
  }
  if (issues.length > 0) throw new ContentValidationError(issues);
  return raw;
}
