/**
 * The collections' schemas as JSON Schema (draft-07, the input side: what an editor writes).
 * Generated from the Zod schemas, so editors, messages and `npm run new` share one source.
 */
import { z } from 'astro/zod';
import { COLLECTION_SCHEMAS, type CollectionName } from './collections.ts';
import { DEFAULT_LOCALE, LOCALES, LocalizedTextSchema } from './common.ts';

export type JsonSchema = z.core.JSONSchema.JSONSchema;

const cache = new Map<CollectionName, JsonSchema>();

/** The JSON Schema of one collection's entry files. */
export function collectionJsonSchema(name: CollectionName): JsonSchema {
  let schema = cache.get(name);
  if (!schema) {
    schema = z.toJSONSchema(COLLECTION_SCHEMAS[name], {
      target: 'draft-7',
      io: 'input',
      // Refinements (such as the gate order) have no JSON Schema form; validation still runs them.
      unrepresentable: 'any',
      override: (ctx) => {
        // The registered description speaks of API payloads; an editor writes every locale.
        if (ctx.zodSchema === LocalizedTextSchema) ctx.jsonSchema.description = `Text in ${DEFAULT_LOCALE}, and in ${LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).join(' and ')} once translated (the English shows meanwhile).`;
      },
    });
    cache.set(name, schema);
  }
  return schema;
}
