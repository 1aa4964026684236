/**
 * The OpenAPI 3.1 contract, built from the route table and the Zod schemas. One GET operation
 * per route; the 200 response is the envelope around the route's exact payload schema.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Catalog } from '../catalog/catalog.ts';
import { memo } from '../catalog/memo.ts';
import { ERROR_CODES } from '../api/api-error.ts';
import { ENTRY_NOUN } from '../catalog/relations.ts';
import type { ApiRoute } from '../api/routes.ts';
import { EnvelopeMetaSchema, ProblemSchema } from '../schemas/api.ts';
import { SITE_NAME, SITE_VERSION, siteUrl } from '../site.ts';
import { toComponentSchema } from './json-schema.ts';
import { CONTRACT_LICENSE, TAG_DESCRIPTIONS } from './tags.ts';

type Schema = OpenAPIV3_1.SchemaObject;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Component name of a route's payload and envelope. */
export function payloadComponent(route: ApiRoute): string {
  return `${route.id.charAt(0).toUpperCase()}${route.id.slice(1)}Payload`;
}
export function envelopeComponent(route: ApiRoute): string {
  return `${route.id.charAt(0).toUpperCase()}${route.id.slice(1)}Envelope`;
}

/** The envelope members, with `payload` and (for errors) `error` added. */
function envelope(meta: Schema, payload: object, withError: boolean): Schema {
  const properties = { ...(meta.properties ?? {}), payload, ...(withError ? { error: ref('Problem') } : {}) };
  return {
    type: 'object',
    properties,
    required: [...(meta.required ?? []), 'payload', ...(withError ? ['error'] : [])],
    additionalProperties: false,
  } as Schema;
}

const HEADERS: Record<string, OpenAPIV3_1.HeaderObject> = {
  'X-Request-Id': {
    description: 'Equals the envelope request_id: a valid client X-Request-Id (^[A-Za-z0-9._-]{1,128}$) or a fresh UUID.',
    schema: { type: 'string' },
  },
  ETag: {
    description: 'Weak validator over the payload and the normalized query; send it back in If-None-Match.',
    schema: { type: 'string' },
  },
  'Content-Language': { description: 'The locale of localized payloads.', schema: { type: 'string', enum: ['en-US', 'pt-BR'] } },
};

const errorResponse = (description: string): OpenAPIV3_1.ResponseObject => ({
  description,
  headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } },
  content: { 'application/json': { schema: ref('ErrorEnvelope') } },
});

/** Parameters of one operation: the path slug (enumerated) and the query parameters. */
function parameters(route: ApiRoute, catalog: Catalog): OpenAPIV3_1.ParameterObject[] {
  const path: OpenAPIV3_1.ParameterObject[] = route.detail
    ? [
        {
          name: 'slug',
          in: 'path',
          required: true,
          description: `Slug of the ${ENTRY_NOUN[route.detail]}.`,
          schema: { type: 'string', enum: (catalog.collections[route.detail] as { slug: string }[]).map((entry) => entry.slug) },
          example: (catalog.collections[route.detail] as { slug: string }[])[0]?.slug,
        },
      ]
    : [];
  const query = route.params.map((param): OpenAPIV3_1.ParameterObject => {
    const schema: Schema =
      param.kind === 'text'
        ? { type: 'string', maxLength: 100 }
        : param.kind === 'lang'
          ? { type: 'string', enum: ['en-US', 'pt-BR'], default: 'en-US' }
          : { type: 'string', enum: (param.choices?.(catalog) ?? []).map((choice) => choice.value) };
    const parameter: OpenAPIV3_1.ParameterObject = {
      name: param.name,
      in: 'query',
      required: false,
      description: param.description,
      // openapi-types types parameter schemas with its 3.0 SchemaObject; the 3.1 one is what we emit.
      schema: schema as NonNullable<OpenAPIV3_1.ParameterObject['schema']>,
    };
    // Every enumerated parameter gets an example: its own, or its first allowed value.
    const example = param.example ?? (param.kind === 'choice' ? (schema.enum as string[] | undefined)?.[0] : undefined);
    if (example) parameter.example = example;
    return parameter;
  });
  return [...path, ...query];
}

/** Builds the contract; cached per catalog and base URL. */
export function buildContract(routes: readonly ApiRoute[], catalog: Catalog): OpenAPIV3_1.Document {
  const base = siteUrl();
  return memo(catalog, `contract:${base}`, () => {
    const schemas: Record<string, Schema> = {};
    const meta = toComponentSchema(EnvelopeMetaSchema).schema as Schema;
    const problem = toComponentSchema(ProblemSchema);
    Object.assign(schemas, problem.defs);
    schemas['ErrorEnvelope'] = envelope(meta, { type: 'null' }, true);

    const paths: OpenAPIV3_1.PathsObject = {};
    for (const route of routes) {
      const { schema, defs } = toComponentSchema(route.payload);
      Object.assign(schemas, defs);
      const payloadName = payloadComponent(route);
      if (!('$ref' in schema) || schema['$ref'] !== `#/components/schemas/${payloadName}`) schemas[payloadName] = schema as Schema;
      schemas[envelopeComponent(route)] = envelope(meta, ref(payloadName), false);
      const successHeaders = {
        'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
        ETag: { $ref: '#/components/headers/ETag' },
        ...(route.localized ? { 'Content-Language': { $ref: '#/components/headers/Content-Language' } } : {}),
      };
      const operation: OpenAPIV3_1.OperationObject = {
        operationId: route.id,
        summary: route.summary,
        description: route.description,
        tags: [route.tag],
        parameters: parameters(route, catalog),
        responses: {
          '200': {
            description: route.summary,
            headers: successHeaders,
            content: { 'application/json': { schema: ref(envelopeComponent(route)) } },
          },
          '304': { description: 'Not modified: If-None-Match matched the current ETag. No body.', headers: successHeaders },
          '400': errorResponse('A parameter is unknown, repeated, malformed, too long or outside its allowed values.'),
          '404': errorResponse(route.detail ? 'No entry has this slug.' : 'Not found.'),
          '405': errorResponse('Only GET, HEAD and OPTIONS are allowed.'),
        },
      };
      paths[route.path] = { get: operation } as OpenAPIV3_1.PathItemObject;
    }

    const tags = [...new Set(routes.map((route) => route.tag))].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] }));
    return {
      openapi: '3.1.0',
      info: {
        title: `${SITE_NAME} public API`,
        version: SITE_VERSION,
        description: `A read-only JSON API over the ${SITE_NAME} catalog. Every response, errors included, is an envelope carrying request metadata (request_id, timestamp, method, path, query) around its payload. Errors follow RFC 9457 with a stable code (${ERROR_CODES.join(', ')}).`,
        contact: { name: catalog.profile.name, email: catalog.profile.email, url: base },
        license: CONTRACT_LICENSE,
      },
      servers: [{ url: base }],
      // A public API: no operation needs credentials (OpenAPI 3.1 §4.8.1, "security").
      security: [],
      tags,
      paths,
      components: { schemas, headers: HEADERS },
    } satisfies OpenAPIV3_1.Document;
  });
}
