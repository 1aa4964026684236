/**
 * Turns raw content files into validated collections: schema validation first, then the
 * integrity rules (slug shape and uniqueness, file name, relations). Every file becomes exactly
 * one entry or at least one issue; nothing is dropped.
 */
import type { z } from 'astro/zod';
import {
  COLLECTION_NAMES,
  COLLECTION_SCHEMAS,
  SINGLE_ENTRY_COLLECTIONS,
  type CollectionName,
  type EntryOf,
} from '../schemas/collections.ts';
import { SLUG_PATTERN } from '../schemas/common.ts';
import { DEFAULT_CONTENT_DIR } from './content-dir.ts';
import { ContentValidationError, type ContentIssue } from './content-error.ts';
import { ENTRY_NOUN, RELATIONS } from './relations.ts';

/** A content file as read from disk or from Astro's content layer. */
export interface RawEntry {
  /** Path from the project root. */
  file: string;
  /** The parsed YAML data, not yet validated. */
  data: unknown;
}

export type RawCollections = Record<CollectionName, RawEntry[]>;
export type Collections = { [C in CollectionName]: EntryOf<C>[] };

/** Formats a Zod path as `steps[1].title.pt-BR`. */
function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    return text ? `${text}.${String(key)}` : String(key);
  }, '');
}

/** Reads the value at a Zod path in the raw data, for the message. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = data;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

type SchemaDef = { type?: string; shape?: Record<string, unknown>; element?: unknown; innerType?: unknown };

/** A schema's definition, with optional/nullable/default wrappers removed. */
function unwrap(schema: unknown): SchemaDef | undefined {
  let def = (schema as { def?: SchemaDef } | undefined)?.def;
  while (def && (def.type === 'optional' || def.type === 'nullable' || def.type === 'default'))
    def = (def.innerType as { def?: SchemaDef }).def;
  return def;
}

/** The keys an object schema accepts at a path, for "unknown field" messages. */
function knownKeys(schema: z.ZodType, path: readonly PropertyKey[]): string[] | undefined {
  let def = unwrap(schema);
  for (const key of path) {
    if (def?.type === 'array' && typeof key === 'number') def = unwrap(def.element);
    else if (def?.shape && typeof key === 'string') def = unwrap(def.shape[key]);
    else return undefined;
  }
  return def?.shape ? Object.keys(def.shape) : undefined;
}

/** Converts one Zod issue into an editor-facing issue. */
function fromZodIssue(file: string, data: unknown, schema: z.ZodType, issue: z.core.$ZodIssue): ContentIssue[] {
  if (issue.code === 'unrecognized_keys') {
    const allowed = knownKeys(schema, issue.path);
    return issue.keys.map((key) => ({
      file,
      field: fieldPath([...issue.path, key]),
      value: valueAt(data, [...issue.path, key]),
      problem: 'this field is not part of the schema',
      ...(allowed ? { allowed } : {}),
    }));
  }
  const value = valueAt(data, issue.path);
  const allowed =
    issue.code === 'invalid_value'
      ? issue.values.map(String)
      : issue.code === 'invalid_format' && issue.format === 'regex' && issue.path.at(-1) !== 'url'
        ? [`text matching ${(issue.pattern ?? SLUG_PATTERN.source).replace(/^\/|\/$/g, '')}`]
        : issue.code === 'custom' && Array.isArray(issue.params?.['allowed'])
          ? (issue.params['allowed'] as unknown[]).map(String)
          : undefined;
  const problem =
    issue.code === 'invalid_type' && value === undefined ? `this required field is missing (expected ${issue.expected})` : issue.message;
  return [{ file, field: fieldPath(issue.path) || '(file)', value, problem, ...(allowed ? { allowed } : {}) }];
}

/** The file's base name without extension, which must equal the slug. */
function baseName(file: string): string {
  return (file.split('/').pop() ?? file).replace(/\.[^.]+$/, '');
}

/**
 * Validates every collection and resolves every relation; throws with all issues at once.
 * `contentFolder` names the content folder in messages about a whole collection.
 */
export function validateCollections(raw: RawCollections, contentFolder = `${DEFAULT_CONTENT_DIR}/`): Collections {
  const issues: ContentIssue[] = [];
  const valid = {} as Record<CollectionName, { file: string; entry: Record<string, unknown> }[]>;

  for (const name of COLLECTION_NAMES) {
    const schema: z.ZodType = COLLECTION_SCHEMAS[name];
    valid[name] = [];
    const seen = new Map<string, string>();
    for (const { file, data } of raw[name]) {
      const result = schema.safeParse(data);
      if (!result.success) {
        issues.push(...result.error.issues.flatMap((issue) => fromZodIssue(file, data, schema, issue)));
        continue;
      }
      const entry = result.data as Record<string, unknown> & { slug: string };
      const firstFile = seen.get(entry.slug);
      if (firstFile) {
        issues.push({
          file,
          field: 'slug',
          value: entry.slug,
          problem: `this slug is already used by ${firstFile}; slugs must be unique in the ${name} collection`,
        });
      } else if (baseName(file) !== entry.slug) {
        issues.push({
          file,
          field: 'slug',
          value: entry.slug,
          problem: `the file name must be the slug; rename the file to ${entry.slug}.yaml or change the slug`,
          allowed: [baseName(file)],
        });
      }
      seen.set(entry.slug, seen.get(entry.slug) ?? file);
      valid[name].push({ file, entry });
    }
  }

  for (const [name, entry] of Object.entries(SINGLE_ENTRY_COLLECTIONS) as [CollectionName, string][]) {
    if (raw[name].length === 1) continue;
    issues.push({
      file: `${contentFolder}${name}/`,
      field: '(collection)',
      value: raw[name].length,
      problem: `the ${name} collection must hold exactly one entry, ${entry}`,
    });
  }

  for (const relation of RELATIONS) {
    const allowed = valid[relation.to].map(({ entry }) => String(entry['slug']));
    const known = new Set(allowed);
    for (const { file, entry } of valid[relation.from]) {
      const value = entry[relation.field];
      const slugs = Array.isArray(value) ? value : value === undefined ? [] : [value];
      slugs.forEach((slug, index) => {
        const field = Array.isArray(value) ? `${relation.field}[${index}]` : relation.field;
        if (!known.has(String(slug))) {
          issues.push({ file, field, value: slug, problem: `no ${ENTRY_NOUN[relation.to]} has this slug`, allowed });
        } else if (relation.from === relation.to && slug === entry['slug']) {
          issues.push({
            file,
            field,
            value: slug,
            problem: `a ${ENTRY_NOUN[relation.to]} cannot refer to itself`,
            allowed: allowed.filter((other) => other !== slug),
          });
        }
      });
    }
  }

  if (issues.length > 0) throw new ContentValidationError(issues);
  const collections = {} as Record<CollectionName, unknown[]>;
  for (const name of COLLECTION_NAMES) collections[name] = valid[name].map(({ entry }) => entry);
  return collections as Collections;
}
