/** JSON Schemas for the contract, generated from the Zod schemas (never written by hand). */
import { z } from 'astro/zod';
import { LocalizedTextSchema } from '../schemas/common.ts';

type JsonSchema = Record<string, unknown>;

/**
 * Converts a schema as the API serves it: localized text is a plain string there, because every
 * response is in one locale. Nested schemas with an id become shared components.
 */
export function toComponentSchema(schema: z.ZodType): { schema: JsonSchema; defs: Record<string, JsonSchema> } {
  const text = JSON.stringify(servedJsonSchema(schema)).replaceAll('"#/$defs/', '"#/components/schemas/');
  const { $defs, $schema: _schema, ...rest } = JSON.parse(text) as JsonSchema & { $defs?: Record<string, JsonSchema>; $schema?: string };
  return { schema: rest, defs: $defs ?? {} };
}

/**
 * A schema as the API serves it, as one self-contained JSON Schema (draft 2020-12) with its own
 * `$defs`: what an MCP tool declares as its outputSchema.
 */
export function servedJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
    override: (context) => {
      // An output always holds every member: a default is an input's notion, and generators turn
      // defaults into code (hyphenated keys included) that does not compile.
      delete context.jsonSchema.default;
      if (context.zodSchema === LocalizedTextSchema) {
        for (const key of Object.keys(context.jsonSchema)) delete context.jsonSchema[key];
        Object.assign(context.jsonSchema, { type: 'string', description: 'Text in the requested locale.' });
      }
    },
  }) as JsonSchema;
}

/**
 * OpenAPI 3.1's top-level members: not JSON Schema keywords, so a strict JSON Schema validator
 * loading the whole contract (to resolve its $refs) must be told they are vocabulary.
 */
export const OPENAPI_DOCUMENT_MEMBERS = [
  'openapi',
  'info',
  'jsonSchemaDialect',
  'servers',
  'tags',
  'paths',
  'webhooks',
  'components',
  'security',
  'externalDocs',
];
