/**
 * The starting point of a new entry, derived from its collection's JSON Schema: every required
 * field, text in every locale, lists with their minimum number of items, each value marked as a
 * to-do that validation reports until it is filled.
 */
import yaml from 'js-yaml';
import type { CollectionName } from '../schemas/collections.ts';
import { collectionJsonSchema, type JsonSchema } from '../schemas/json-schema.ts';
import { ENTRY_NOUN } from './relations.ts';
import { fieldNames, isLocalizedText, resolveRef } from './schema-paths.ts';
import { TODO_MARKER } from './editor-messages.ts';

/** A placeholder value for one schema node. */
function placeholder(root: JsonSchema, node: JsonSchema | undefined): unknown {
  const target = resolveRef(root, node);
  if (target?.type === 'object') {
    // Text gets every locale: a translation may follow later, but a new entry asks for it now.
    const required = new Set(isLocalizedText(target) ? fieldNames(target) : (target.required ?? []));
    return Object.fromEntries(
      fieldNames(target)
        .filter((name) => required.has(name))
        .map((name) => [name, placeholder(root, target.properties?.[name] as JsonSchema)]),
    );
  }
  if (target?.type === 'array') {
    const items = typeof target.items === 'object' && !Array.isArray(target.items) ? target.items : undefined;
    return Array.from({ length: target.minItems ?? 0 }, () => placeholder(root, items));
  }
  return TODO_MARKER;
}

/** The YAML text of a new entry of `name` with slug `slug`. */
export function newEntryText(name: CollectionName, slug: string): string {
  const root = collectionJsonSchema(name);
  const entry: Record<string, unknown> = { ...(placeholder(root, root) as Record<string, unknown>), slug };
  const required = new Set(root.required ?? []);
  const optional = fieldNames(root).filter((field) => !required.has(field));
  const header = [
    `# A new ${ENTRY_NOUN[name]}. Replace every ${TODO_MARKER}, then run \`npm run site:export\` to check it.`,
    ...(optional.length > 0 ? [`# Optional fields you may add: ${optional.join(', ')}.`] : []),
  ];
  // Keep the schema's field order, slug first, as in every existing entry.
  const ordered = Object.fromEntries(
    fieldNames(root)
      .filter((field) => field in entry)
      .map((field) => [field, entry[field]]),
  );
  return `${header.join('\n')}\n${yaml.dump(ordered, { lineWidth: -1, quotingType: '"' })}`;
}
