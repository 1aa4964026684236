/**
 * Reads content/ straight from disk for plain scripts and tests (site:export, matrix:check),
 * with the same YAML parser as Astro's glob() loader and the same schemas.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import yaml from 'js-yaml';
import { COLLECTION_NAMES, type CollectionName } from '../schemas/collections.ts';
import { ContentValidationError, type ContentIssue } from './content-error.ts';
import { didYouMean } from './suggest.ts';
import type { RawCollections, RawEntry } from './raw-content.ts';

/** File extensions an entry may have; anything else in a collection folder is an error. */
export const CONTENT_EXTENSIONS = ['.yaml', '.yml'] as const;

/** Lists files under a folder, recursively, sorted for a stable catalog order. */
function listFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .flatMap((item) => (item.isDirectory() ? listFiles(join(folder, item.name)) : [join(folder, item.name)]))
    .sort();
}

/** What to do about js-yaml's most common complaints, first match wins; anything else gets the general advice. */
const YAML_FIXES: [RegExp, string][] = [
  // Before the indentation rule: js-yaml's "tab characters must not be used in indentation" matches both.
  [/tab characters/, 'Indent with spaces, not tabs.'],
  [/flow collection/, 'Close the "[" or "{" opened on this line, or write the list with one "- " line per item.'],
  [
    /indentation|implicit key|mapping entry/,
    'Line this field up with the fields around it, using spaces (not tabs), and put a space after each colon.',
  ],
  [/duplicated mapping key/, 'Keep one of the two fields with this name.'],
  [/quoted scalar/, 'Close the quote opened on this line.'],
];

/** The nearest line at or above `from` that opens more brackets than it closes. */
function unclosedBracketLine(lines: readonly string[], from: number): number | undefined {
  const count = (line: string, pattern: RegExp) => line.match(pattern)?.length ?? 0;
  for (let index = Math.min(from, lines.length - 1); index >= 0; index -= 1) {
    const line = lines[index] ?? '';
    if (count(line, /[[{]/g) > count(line, /[\]}]/g)) return index;
  }
  return undefined;
}

/**
 * A value holding a colon and a space, unquoted (`name: Tide Tracker: the app`): js-yaml reads a
 * second field on the line and calls it bad indentation, at that colon. The fix is to quote the
 * value; this gives the line written that way, or undefined when the error is something else.
 */
function quotedLine(line: string, column: number): string | undefined {
  if (line[column] !== ':') return undefined;
  const field = /^(\s*(?:- )?[^\s:#'"][^:#]*:\s+)(\S.*)$/.exec(line);
  if (!field || field[1]!.length > column || /^['"[{|>]/.test(field[2]!)) return undefined;
  return `${field[1]!.trimStart()}${JSON.stringify(field[2]!.trimEnd())}`;
}

/** Parses one YAML file; a syntax error becomes an issue with line and column, and the entry stays known. */
function parseFile(path: string, file: string): RawEntry {
  const text = readFileSync(path, 'utf8');
  try {
    return { file, data: yaml.load(text, { filename: file }) };
  } catch (error) {
    if (!(error instanceof yaml.YAMLException)) throw error;
    const lines = text.split('\n');
    // js-yaml notices an unclosed bracket lines later; point at the line that opened it.
    const opened = /flow collection/.test(error.reason) ? unclosedBracketLine(lines, error.mark.line) : undefined;
    const line = opened ?? error.mark.line;
    const column = opened === undefined ? error.mark.column + 1 : (lines[opened] ?? '').search(/[[{]/) + 1;
    const quoted = opened === undefined ? quotedLine(lines[line] ?? '', error.mark.column) : undefined;
    const fix = quoted
      ? `Put the value in quotes: ${quoted} (a colon followed by a space inside an unquoted value starts a new field).`
      : YAML_FIXES.find(([pattern]) => pattern.test(error.reason))?.[1];
    return {
      file,
      data: undefined,
      syntaxError: {
        file,
        field: `(line ${line + 1}, column ${column})`,
        value: (lines[line] ?? '').trim(),
        problem: `YAML syntax error: ${error.reason}`,
        fix: fix ?? 'Check the indentation, the colon after each field name, and that quotes and brackets are closed.',
      },
    };
  }
}

/**
 * Reads every collection folder under `contentDir`. Unknown folders and stray files are returned
 * as issues, and YAML errors stay on their entries, so validation reports every problem in one run.
 */
export function readContent(contentDir: string, root = process.cwd()): { raw: RawCollections; issues: ContentIssue[] } {
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
        fix: 'Move it into the folder of its collection.',
        allowed: COLLECTION_NAMES.map((name) => `content/${name}/`),
      });
      continue;
    }
    if (!(COLLECTION_NAMES as readonly string[]).includes(item.name)) {
      const suggestion = didYouMean(item.name, COLLECTION_NAMES);
      issues.push({
        file,
        field: '(folder)',
        value: item.name,
        problem: 'this folder is not a collection',
        fix: suggestion ? `Did you mean "${suggestion}"?` : 'Rename it to one of the collections, or move it out of content/.',
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
          fix: 'Give it a YAML extension if it is an entry, or move it out of content/.',
          allowed: [...CONTENT_EXTENSIONS],
        });
        continue;
      }
      raw[item.name as CollectionName].push(parseFile(entryPath, entryFile));
    }
  }
  return { raw, issues };
}

/** Reads every collection folder under `contentDir`; throws when a file is misplaced or not valid YAML. */
export function readContentFolder(contentDir: string, root = process.cwd()): RawCollections {
  const { raw, issues } = readContent(contentDir, root);
  const syntaxErrors = Object.values(raw).flatMap((entries) => entries.flatMap((entry) => (entry.syntaxError ? [entry.syntaxError] : [])));
  if (issues.length > 0 || syntaxErrors.length > 0) throw new ContentValidationError([...issues, ...syntaxErrors]);
  return raw;
}
