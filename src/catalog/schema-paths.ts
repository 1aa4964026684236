/**
 * Reads a collection's JSON Schema at a field path, to say in words what a field expects: the
 * fix in a message, the placeholder hint of a new entry, the fields an object accepts.
 */
import { HREF_PATTERN, LOCALES, SITE_PATH_PATTERN, SLUG_PATTERN } from '../schemas/common.ts';
import type { JsonSchema } from '../schemas/json-schema.ts';

/** Lists longer than this are not spelled out in a sentence. */
export const SHORT_LIST = 12;

/** Follows a local `$ref` (`#/definitions/Name`) to its definition. */
export function resolveRef(root: JsonSchema, node: JsonSchema | undefined): JsonSchema | undefined {
  if (!node?.$ref) return node;
  const name = node.$ref.split('/').pop() ?? '';
  const definitions = (root['definitions'] ?? root.$defs) as Record<string, JsonSchema> | undefined;
  return definitions?.[name];
}

/** The schema of the field at `path` (`['steps', 1, 'title']`), or undefined when there is none. */
export function nodeAt(root: JsonSchema, path: readonly PropertyKey[]): JsonSchema | undefined {
  let node = resolveRef(root, root);
  for (const key of path) {
    if (!node) return undefined;
    if (typeof key === 'number')
      node = resolveRef(root, typeof node.items === 'object' && !Array.isArray(node.items) ? node.items : undefined);
    else node = resolveRef(root, node.properties?.[String(key)] as JsonSchema | undefined);
  }
  return node;
}

/** The field names an object schema accepts, in schema order. */
export function fieldNames(node: JsonSchema | undefined): string[] {
  return Object.keys(node?.properties ?? {});
}

/** Whether the node is localized text: a map with exactly one string per locale. */
export function isLocalizedText(node: JsonSchema | undefined): boolean {
  const names = fieldNames(node);
  return names.length === LOCALES.length && LOCALES.every((locale) => names.includes(locale));
}

const PATTERN_PHRASES = new Map<string, string>([
  [SLUG_PATTERN.source, 'a lowercase kebab-case slug such as "static-exports"'],
  [HREF_PATTERN.source, 'a site path starting with "/", an https:// address or a mailto: address'],
  [SITE_PATH_PATTERN.source, 'a site path starting with "/"'],
]);

/** A range in words: "from 2000 to 2100", "of at least 1". */
function range(minimum: number | undefined, maximum: number | undefined): string {
  if (minimum !== undefined && maximum !== undefined) return ` from ${minimum} to ${maximum}`;
  if (minimum !== undefined) return ` of at least ${minimum}`;
  if (maximum !== undefined) return ` of at most ${maximum}`;
  return '';
}

/** What a field expects, in words an editor can act on: "a whole number from 2000 to 2100". */
export function describeExpected(root: JsonSchema, node: JsonSchema | undefined): string {
  const target = resolveRef(root, node);
  if (!target) return 'a value';
  if (isLocalizedText(target))
    return `the text in every locale, one indented line each (${LOCALES.map((locale) => `${locale}:`).join(', ')})`;
  if (target.enum) {
    const values = target.enum.map(String);
    return values.length <= SHORT_LIST ? `one of ${values.join(', ')}` : `one of the ${values.length} allowed values`;
  }
  switch (target.type) {
    case 'integer':
      return `a whole number${range(target.minimum, target.maximum)}`;
    case 'number':
      return `a number${range(target.minimum, target.maximum)}`;
    case 'boolean':
      return 'true or false';
    case 'array': {
      const items = describeExpected(root, typeof target.items === 'object' && !Array.isArray(target.items) ? target.items : undefined);
      const minimum = target.minItems ? ` with at least ${target.minItems} item${target.minItems === 1 ? '' : 's'}` : '';
      return `a list${minimum}, one "- " line per item, each ${items}`;
    }
    case 'object':
      return `a map with the fields ${(target.required ?? fieldNames(target)).join(', ')}`;
    case 'string':
      if (target.format === 'email') return 'an email address';
      if (target.pattern) return PATTERN_PHRASES.get(target.pattern) ?? `text matching ${target.pattern}`;
      return 'text';
    default:
      return 'a value';
  }
}
