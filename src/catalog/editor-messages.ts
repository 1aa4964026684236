/**
 * Editor messages for one file: turns Zod's issues and leftover to-dos into one message per
 * mistake (file, field, value, problem, fix), merging a misspelt field with the required field it
 * stands for.
 */
import type { z } from 'astro/zod';
import type { CollectionName } from '../schemas/collections.ts';
import { DEFAULT_LOCALE, LOCALE_LANGUAGES, SLUG_PATTERN, type Locale } from '../schemas/common.ts';
import { collectionJsonSchema } from '../schemas/json-schema.ts';
import type { ContentIssue } from './content-error.ts';
import { editorSchemaFile } from './editor-schemas.ts';
import { ENTRY_NOUN, RELATIONS } from './relations.ts';
import { describeExpected, fieldNames, isLocalizedText, nodeAt } from './schema-paths.ts';
import { baseName, slugFolder } from './slugs.ts';
import { didYouMean, slugify } from './suggest.ts';

/** Values starting with this mark a field `npm run new` left for the editor to fill. */
export const TODO_MARKER = 'TODO';

export type Path = readonly PropertyKey[];

/** Formats a path as `steps[1].title.pt-BR`. */
function fieldPath(path: Path): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    return text ? `${text}.${String(key)}` : String(key);
  }, '');
}

/** Reads the value at a path in the raw data, for the message. */
export function valueAt(data: unknown, path: Path): unknown {
  let current: unknown = data;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** The paths of every string that still starts with the to-do marker. */
function todoPaths(data: unknown, path: PropertyKey[] = []): PropertyKey[][] {
  if (typeof data === 'string') return data.trimStart().startsWith(TODO_MARKER) ? [path] : [];
  if (Array.isArray(data)) return data.flatMap((item, index) => todoPaths(item, [...path, index]));
  if (data && typeof data === 'object') return Object.entries(data).flatMap(([key, value]) => todoPaths(value, [...path, key]));
  return [];
}

/** How a value reads to an editor: text, a number, a list... */
function kindOf(value: unknown): string {
  if (value === null) return 'an empty value';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map of fields';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'true/false';
  return typeof value;
}

const EXPECTED_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  object: 'a map of fields',
  array: 'a list',
  boolean: 'true or false',
};

/** Relations of one collection, as field name → target collection. */
function relationFields(name: CollectionName): Map<string, CollectionName> {
  return new Map(RELATIONS.filter((relation) => relation.from === name).map((relation) => [relation.field, relation.to]));
}

/** Knows one collection's schema and one file, and writes that file's messages. */
export class FileChecker {
  readonly issues: ContentIssue[] = [];
  /** Field paths already reported, so a later check does not report them again. */
  readonly reported = new Set<string>();

  readonly name: CollectionName;
  readonly file: string;
  readonly data: unknown;

  constructor(name: CollectionName, file: string, data: unknown) {
    this.name = name;
    this.file = file;
    this.data = data;
  }

  get root() {
    return collectionJsonSchema(this.name);
  }

  add(path: Path, issue: Omit<ContentIssue, 'file' | 'field' | 'value'>, value: unknown = valueAt(this.data, path)): void {
    const field = fieldPath(path) || '(file)';
    this.reported.add(field);
    this.issues.push({ file: this.file, field, value, ...issue });
  }

  isReported(path: Path): boolean {
    return this.reported.has(fieldPath(path) || '(file)');
  }

  /** Fields `npm run new` marked as to-do and nobody filled yet. */
  checkTodos(): void {
    const relations = relationFields(this.name);
    for (const path of todoPaths(this.data)) {
      const parent = nodeAt(this.root, path.slice(0, -1));
      const key = path.at(-1);
      const target = typeof path[0] === 'string' ? relations.get(path[0]) : undefined;
      const expected = target
        ? `the slug of a ${ENTRY_NOUN[target]} (a file name in ${slugFolder(target)})`
        : isLocalizedText(parent)
          ? `the ${LOCALE_LANGUAGES[key as Locale]} text`
          : describeExpected(this.root, nodeAt(this.root, path));
      const what = expected === 'text' && typeof key === 'string' ? `the ${key.replaceAll('_', ' ')}, as plain text` : expected;
      this.add(path, { problem: 'this field is still a to-do', fix: `Replace the to-do with ${what}.` });
    }
  }

  /** Converts the schema's issues, merging a misspelt field with the required field it stands for. */
  checkSchema(zodIssues: readonly z.core.$ZodIssue[]): void {
    const relations = relationFields(this.name);
    const consumed = new Set<string>();
    for (const issue of zodIssues) {
      if (issue.code !== 'unrecognized_keys') continue;
      const parentNode = nodeAt(this.root, issue.path);
      const names = fieldNames(parentNode);
      const locales = isLocalizedText(parentNode);
      const parentValue = valueAt(this.data, issue.path) as Record<string, unknown>;
      for (const key of issue.keys) {
        const suggestion = didYouMean(key, names);
        if (suggestion !== undefined && parentValue[suggestion] === undefined) consumed.add(fieldPath([...issue.path, suggestion]));
        this.add([...issue.path, key], {
          problem: locales ? 'this is not one of the locales' : 'this field is not part of the schema',
          fix: suggestion
            ? `Did you mean "${suggestion}"?`
            : `Remove it, or rename it to one of the allowed ${locales ? 'locales' : 'fields'}.`,
          allowed: names,
          seeAll: editorSchemaFile(this.name),
        });
      }
    }
    for (const issue of zodIssues) {
      if (issue.code === 'unrecognized_keys' || consumed.has(fieldPath(issue.path)) || this.isReported(issue.path)) continue;
      // A relation written in the wrong form is reported once, by the relation check, with a suggestion.
      const relation = typeof issue.path[0] === 'string' && relations.has(issue.path[0]);
      if (relation && (issue.code === 'invalid_format' || issue.code === 'too_big') && issue.path.length <= 2) continue;
      this.fromZodIssue(issue);
    }
  }

  private fromZodIssue(issue: z.core.$ZodIssue): void {
    const { path } = issue;
    const value = valueAt(this.data, path);
    const node = nodeAt(this.root, path);
    const parentNode = nodeAt(this.root, path.slice(0, -1));
    const key = path.at(-1);
    const locale = isLocalizedText(parentNode) ? (key as Locale) : undefined;
    const language = locale ? `${LOCALE_LANGUAGES[locale]} (${locale})` : '';
    const expected = describeExpected(this.root, node);

    switch (issue.code) {
      case 'invalid_type':
        if (path.length === 0) {
          return this.add(path, {
            problem: 'the file is empty or is not a map of fields',
            fix: `Write the entry's fields, one "name: value" line each; \`npm run new -- ${this.name} <slug>\` writes a starting point.`,
          });
        }
        if (value === undefined) {
          const parent = fieldPath(path.slice(0, -1));
          return locale
            ? this.add(path, {
                problem: `the ${language} ${locale === DEFAULT_LOCALE ? 'text' : 'translation'} is missing`,
                fix: `Add a "${locale}:" line under "${parent}" with the ${LOCALE_LANGUAGES[locale]} text.`,
              })
            : this.add(path, {
                problem: 'this required field is missing',
                fix: `Add "${String(key)}:"${parent ? ` under "${parent}"` : ''} with ${expected}.`,
              });
        }
        return this.add(path, {
          problem: `expected ${EXPECTED_WORDS[issue.expected] ?? issue.expected}, got ${kindOf(value)}`,
          fix: `Write ${expected} instead${typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? ', without quotes' : ''}.`,
        });
      case 'invalid_value': {
        const allowed = issue.values.map(String);
        const suggestion = didYouMean(value, allowed);
        return this.add(path, {
          problem: 'this is not one of the allowed values',
          fix: suggestion ? `Did you mean "${suggestion}"?` : 'Use one of the allowed values.',
          allowed,
        });
      }
      case 'invalid_format': {
        if (issue.format === 'email')
          return this.add(path, { problem: 'this is not an email address', fix: 'Write an address such as "name@example.org".' });
        const suggestion =
          path.length === 1 && key === 'slug'
            ? SLUG_PATTERN.test(baseName(this.file))
              ? baseName(this.file)
              : slugify(String(value))
            : typeof value === 'string' && value.startsWith('http://')
              ? value.replace('http://', 'https://')
              : undefined;
        return this.add(path, {
          problem: issue.message,
          fix: suggestion ? `Did you mean "${suggestion}"?` : `Write ${expected}.`,
        });
      }
      case 'too_small':
      case 'too_big': {
        const bound = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
        if (issue.origin === 'array') {
          return this.add(path, { problem: `this list needs at least ${bound} item${bound === 1 ? '' : 's'}`, fix: `Write ${expected}.` });
        }
        if (issue.origin === 'string' && issue.code === 'too_small') {
          return locale
            ? this.add(path, {
                problem: issue.message,
                fix:
                  locale === DEFAULT_LOCALE
                    ? `Write the ${LOCALE_LANGUAGES[locale]} text.`
                    : `Write the ${LOCALE_LANGUAGES[locale]} text, or remove the line until it is ready (the site shows the English meanwhile).`,
              })
            : this.add(path, { problem: 'this text is empty', fix: `Write ${expected}.` });
        }
        if (issue.origin === 'string') {
          return this.add(path, { problem: `this is longer than ${bound} characters`, fix: `Shorten it to ${bound} characters or fewer.` });
        }
        return this.add(path, {
          problem: `this is ${issue.code === 'too_small' ? 'below' : 'above'} the allowed range`,
          fix: `Write ${expected}.`,
        });
      }
      case 'custom': {
        const fix = typeof issue.params?.['fix'] === 'string' ? issue.params['fix'] : `Write ${expected}.`;
        return this.add(path, { problem: issue.message, fix });
      }
      default:
        return this.add(path, { problem: issue.message, fix: `Write ${expected}.` });
    }
  }
}
