/**
 * Turns raw content files into validated collections: schema validation first, then the
 * integrity rules (slug shape and uniqueness, file name, relations). Every file becomes exactly
 * one entry or at least one issue; nothing is dropped. One mistake gives one issue: an entry with
 * a mistake still exists for relation checks, a misspelt field is not also reported missing, and
 * a value already reported is not checked again.
 */
import type { z } from 'astro/zod';
import { COLLECTION_NAMES, COLLECTION_SCHEMAS, type CollectionName, type Collections } from '../schemas/collections.ts';
import { DEFAULT_LOCALE, LOCALE_LANGUAGES, SLUG_PATTERN, type Locale } from '../schemas/common.ts';
import { collectionJsonSchema } from '../schemas/json-schema.ts';
import { ContentValidationError, type ContentIssue } from './content-error.ts';
import { editorSchemaFile } from './editor-schemas.ts';
import { ENTRY_NOUN, RELATIONS } from './relations.ts';
import { describeExpected, fieldNames, isLocalizedText, nodeAt } from './schema-paths.ts';
import { baseName, knownSlugs, slugFolder } from './slugs.ts';
import { didYouMean, slugify } from './suggest.ts';

/** A content file as read from disk or from Astro's content layer. */
export interface RawEntry {
  /** Path from the project root. */
  file: string;
  /** The parsed YAML data, not yet validated. */
  data: unknown;
  /** Set when the file is not valid YAML; the entry still exists for relation checks. */
  syntaxError?: ContentIssue;
}

export type RawCollections = Record<CollectionName, RawEntry[]>;

/** Values starting with this mark a field `npm run new` left for the editor to fill. */
export const TODO_MARKER = 'TODO';

type Path = readonly PropertyKey[];

/** Formats a path as `steps[1].title.pt-BR`. */
function fieldPath(path: Path): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    return text ? `${text}.${String(key)}` : String(key);
  }, '');
}

/** Reads the value at a path in the raw data, for the message. */
function valueAt(data: unknown, path: Path): unknown {
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
class FileChecker {
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
            : `Remove it, or rename it to one of the ${locales ? 'locales' : 'fields'} below.`,
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
          fix: suggestion ? `Did you mean "${suggestion}"?` : 'Use one of the values below.',
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
            ? this.add(path, { problem: issue.message, fix: `Write the ${LOCALE_LANGUAGES[locale]} text.` })
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

/** One file after the schema pass. */
interface Checked {
  checker: FileChecker;
  entry?: Record<string, unknown>;
}

/** The slug written in a file, when it passed the schema. */
function writtenSlug({ checker }: Checked): string | undefined {
  const slug = (checker.data as { slug?: unknown } | null)?.slug;
  return typeof slug === 'string' && !checker.isReported(['slug']) ? slug : undefined;
}

/** Unique slugs, and file names equal to slugs: one message per file that breaks them. */
function checkSlugs(name: CollectionName, files: readonly Checked[]): void {
  const bySlug = new Map<string, Checked[]>();
  for (const checked of files) {
    const slug = writtenSlug(checked);
    if (slug !== undefined) bySlug.set(slug, [...(bySlug.get(slug) ?? []), checked]);
  }
  for (const [slug, sharing] of bySlug) {
    // The file named after the slug owns it; every other file is the copy with the mistake.
    const owner = sharing.find(({ checker }) => baseName(checker.file) === slug) ?? sharing[0];
    for (const checked of sharing) {
      const { checker } = checked;
      const ownName = baseName(checker.file);
      const ownNameFree = SLUG_PATTERN.test(ownName) && !bySlug.has(ownName);
      if (checked !== owner && owner) {
        checker.add(['slug'], {
          problem: `this slug is already used by ${owner.checker.file}; slugs must be unique in the ${name} collection`,
          fix: ownNameFree ? `Did you mean "${ownName}" (the file name)?` : `Give this entry its own slug and name the file after it.`,
        });
      } else if (ownName !== slug) {
        checker.add(['slug'], {
          problem: 'the file name must be the slug',
          fix: `Rename the file to ${slug}.yaml, or change the slug to "${ownName}".`,
        });
      }
    }
  }
}

/** Every relation points at an existing entry, never at itself. */
function checkRelations(name: CollectionName, files: readonly Checked[], known: Record<CollectionName, string[]>): void {
  for (const relation of RELATIONS.filter(({ from }) => from === name)) {
    const allowed = known[relation.to];
    const noun = ENTRY_NOUN[relation.to];
    for (const { checker } of files) {
      if (checker.isReported([relation.field])) continue;
      const value = valueAt(checker.data, [relation.field]);
      const items: [PropertyKey[], unknown][] = Array.isArray(value)
        ? value.map((slug, index) => [[relation.field, index], slug])
        : value === undefined
          ? []
          : [[[relation.field], value]];
      for (const [path, slug] of items) {
        if (typeof slug !== 'string' || checker.isReported(path)) continue;
        if (!allowed.includes(slug)) {
          const suggestion = didYouMean(slug, allowed);
          checker.add(path, {
            problem: `no ${noun} has this slug`,
            fix: suggestion ? `Did you mean "${suggestion}"?` : `Use the slug of an existing ${noun}.`,
            allowed,
            seeAll: `the file names in ${slugFolder(relation.to)}`,
          });
        } else if (relation.from === relation.to && slug === writtenSlug({ checker })) {
          checker.add(path, { problem: `a ${noun} cannot refer to itself`, fix: `Remove "${slug}" from "${relation.field}".` });
        }
      }
    }
  }
}

/** Validates every collection and resolves every relation; returns the entries and every issue. */
export function checkCollections(raw: RawCollections): { collections: Collections; issues: ContentIssue[] } {
  const known = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, knownSlugs(raw[name])])) as Record<CollectionName, string[]>;
  const checked = {} as Record<CollectionName, Checked[]>;
  const syntaxErrors: ContentIssue[] = [];

  for (const name of COLLECTION_NAMES) {
    const schema: z.ZodType = COLLECTION_SCHEMAS[name];
    checked[name] = [];
    for (const { file, data, syntaxError } of raw[name]) {
      if (syntaxError) {
        syntaxErrors.push(syntaxError);
        continue;
      }
      const checker = new FileChecker(name, file, data);
      checker.checkTodos();
      const result = schema.safeParse(data);
      if (!result.success) checker.checkSchema(result.error.issues);
      checked[name].push(result.success ? { checker, entry: result.data as Record<string, unknown> } : { checker });
    }
    checkSlugs(name, checked[name]);
  }
  for (const name of COLLECTION_NAMES) checkRelations(name, checked[name], known);

  const issues = [...syntaxErrors, ...COLLECTION_NAMES.flatMap((name) => checked[name].flatMap(({ checker }) => checker.issues))];
  if (raw.profile.length !== 1) {
    issues.push({
      file: 'content/profile/',
      field: '(collection)',
      value: raw.profile.length,
      problem: 'the profile collection must hold exactly one entry, the studio',
      fix:
        raw.profile.length === 0
          ? 'Add the studio as content/profile/<slug>.yaml (`npm run new -- profile <slug>` writes one).'
          : 'Keep one file and move the others out of content/profile/.',
    });
  }
  const collections = Object.fromEntries(
    COLLECTION_NAMES.map((name) => [
      name,
      checked[name].filter(({ checker, entry }) => entry && checker.issues.length === 0).map(({ entry }) => entry),
    ]),
  ) as unknown as Collections;
  return { collections, issues };
}

/** Validates every collection and resolves every relation; throws with all issues at once. */
export function validateCollections(raw: RawCollections, earlier: readonly ContentIssue[] = []): Collections {
  const { collections, issues } = checkCollections(raw);
  if (earlier.length > 0 || issues.length > 0) throw new ContentValidationError([...earlier, ...issues]);
  return collections;
}
