/**
 * The OpenAPI 3.1 contract, built from the route table and the Zod schemas. One GET operation
 * per route; the 200 response is the envelope around the route's exact payload schema.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Catalog } from '../catalog/catalog.ts';
import { memo } from '../catalog/memo.ts';
import { ERROR_CODES } from '../schemas/errors.ts';
import { ENTRY_NOUN } from '../catalog/relations.ts';
import {
  CURSOR_PARAM,
  LANG_PARAM,
  LIMIT_PARAM,
  MAX_LIMIT,
  MAX_QUERY_LENGTH,
  MAX_VALUE_LENGTH,
  type ParamChoice,
  type ParamSpec,
} from '../routes/params.ts';
import { CONTRACT_DOCUMENT_PATH, isPaginated, ROUTES, type RouteSpec } from '../routes/routes.ts';
import { EnvelopeMetaSchema, ProblemSchema, REQUEST_ID_PATTERN } from '../schemas/api.ts';
import type { CollectionName } from '../schemas/collections.ts';
import { DEFAULT_LOCALE, LOCALES } from '../schemas/common.ts';
import { SITE_NAME, SITE_VERSION, configuredSiteUrl } from '../site/config.ts';
import { toComponentSchema } from './json-schema.ts';
import { CONTRACT_LICENSE, TAG_DESCRIPTIONS } from './tags.ts';

type Schema = OpenAPIV3_1.SchemaObject;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Component name of a route's payload and envelope. */
export function payloadComponent(route: RouteSpec): string {
  return `${route.id.charAt(0).toUpperCase()}${route.id.slice(1)}Payload`;
}
export function envelopeComponent(route: RouteSpec): string {
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
    description: `Equals the envelope request_id: a valid client X-Request-Id (${REQUEST_ID_PATTERN.source}) or a fresh UUID.`,
    schema: { type: 'string' },
  },
  ETag: {
    description: 'Weak validator over the payload and the normalized query; send it back in If-None-Match.',
    schema: { type: 'string' },
  },
  'Content-Language': { description: 'The locale of localized payloads.', schema: { type: 'string', enum: [...LOCALES] } },
  'RateLimit-Policy': {
    required: false,
    description:
      'The quota this client has on /api, as a structured field (draft-ietf-httpapi-ratelimit-headers): `"api";q=<requests>;w=<seconds>`. Present whenever the server limits requests (RATE_LIMIT, on by default).',
    schema: { type: 'string' },
  },
  RateLimit: {
    required: false,
    description:
      'What is left of the quota: `"api";r=<requests remaining>;t=<seconds until the window refills>`. Present with RateLimit-Policy.',
    schema: { type: 'string' },
  },
  'Retry-After': { description: 'Seconds to wait before the quota allows another request.', schema: { type: 'integer', minimum: 0 } },
  Link: {
    required: false,
    description: `RFC 8288 link to the next page, on a page asked for with ${LIMIT_PARAM.name} while more items remain: \`<path?...&${LIMIT_PARAM.name}=N&${CURSOR_PARAM.name}=...>; rel="next"\`, keeping every filter and ${LANG_PARAM.name}.`,
    schema: { type: 'string' },
  },
  ServiceDescLink: {
    description: `RFC 8288 link to the same contract as a bare OpenAPI document: \`<${CONTRACT_DOCUMENT_PATH}>; rel="service-desc"\`.`,
    schema: { type: 'string' },
  },
};

/** The rate-limit fields every response of a limited endpoint carries. */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
  RateLimit: { $ref: '#/components/headers/RateLimit' },
};

const errorResponse = (
  description: string,
  extraHeaders: Record<string, { $ref: string }> = {},
  extraContent: OpenAPIV3_1.ResponseObject['content'] = {},
): OpenAPIV3_1.ResponseObject => ({
  description,
  headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' }, ...RATE_LIMIT_HEADERS, ...extraHeaders },
  content: { 'application/json': { schema: ref('ErrorEnvelope') }, ...extraContent },
});

/**
 * A closed set as the server reads it: any of its values in any case (`lang`: BCP 47 tags are
 * case-insensitive, RFC 5646 §2.1.1; the other sets are matched case-insensitively too, and trimmed),
 * so `pt-br` is valid for a generated validator as it is for the server. JSON Schema's patterns have
 * no flags: each letter matches both cases. The values themselves are the schema's examples.
 */
export function anyCasePattern(values: readonly string[], trimmed = false): string {
  const escape = (char: string) => char.replace(/[\\^$.*+?()[\]{}|/]/, '\\$&');
  const anyCase = (value: string) =>
    [...value]
      .map((char) => (char.toLowerCase() === char.toUpperCase() ? escape(char) : `[${char.toLowerCase()}${char.toUpperCase()}]`))
      .join('');
  const space = trimmed ? '\\s*' : '';
  return `^${space}(?:${values.map(anyCase).join('|')})${space}$`;
}

/**
 * A string the API reads, as long as it takes one: every parameter but `q` (MAX_QUERY_LENGTH), and a
 * detail's path slug. A longer one is a 400 too_long before any lookup or did-you-mean reads it.
 */
export const BOUNDED_STRING = { type: 'string', maxLength: MAX_VALUE_LENGTH } as const;

/** A closed set's schema: the any-case pattern, with every value as an example. */
const closedSet = (values: readonly string[], trimmed = false): Schema => ({
  ...BOUNDED_STRING,
  pattern: anyCasePattern(values, trimmed),
  examples: [...values],
});

/** How many slugs a parameter shows as examples: enough to read, constant as the catalog grows. */
const SLUG_EXAMPLES = 3;

/** A few slugs of a collection, as examples of a parameter that takes any of them. */
export function slugExamples(catalog: Catalog, collection: CollectionName): string[] {
  return (catalog.collections[collection] as { slug: string }[]).slice(0, SLUG_EXAMPLES).map((entry) => entry.slug);
}

/**
 * OpenAPI cannot deprecate one value of a parameter: the values marked deprecated (a category's
 * `deprecated`) are listed in `x-deprecated-values`, each with `deprecated: true` and its dates.
 */
function deprecatedValues(choices: readonly ParamChoice[]): Schema {
  const marked = choices.flatMap(({ value, deprecated }) => (deprecated ? [{ value, deprecated: true, ...deprecated }] : []));
  return marked.length > 0 ? ({ 'x-deprecated-values': marked } as Schema) : {};
}

/** The JSON Schema of one query parameter. */
export function querySchema(param: ParamSpec, catalog: Catalog): Schema {
  switch (param.kind) {
    case 'text':
      return { type: 'string', maxLength: MAX_QUERY_LENGTH };
    case 'lang':
      return { ...closedSet(LOCALES), default: DEFAULT_LOCALE };
    case 'limit':
      return { type: 'integer', minimum: 1, maximum: MAX_LIMIT };
    case 'cursor':
      return { ...BOUNDED_STRING };
    case 'choice':
      // Catalog entries are open-ended (a few examples; a 400 lists the allowed values); closed sets
      // are their values in any case.
      return param.entriesOf
        ? { ...BOUNDED_STRING, examples: slugExamples(catalog, param.entriesOf), ...deprecatedValues(param.choices?.(catalog) ?? []) }
        : {
            ...closedSet(
              (param.choices?.(catalog) ?? []).map((choice) => choice.value),
              true,
            ),
            ...deprecatedValues(param.choices?.(catalog) ?? []),
          };
  }
}

/** Parameters of one operation: the path slug (pattern and examples) and the query parameters. */
function parameters(route: RouteSpec, catalog: Catalog): OpenAPIV3_1.ParameterObject[] {
  const path: OpenAPIV3_1.ParameterObject[] = route.detail
    ? [
        {
          name: 'slug',
          in: 'path',
          required: true,
          // No pattern: any text up to the bound is a slug the server looks up, and one it does not know is a 404 (not a 400).
          description: `Slug of the ${ENTRY_NOUN[route.detail]}; an unknown slug, whatever its spelling, gets a 404 that lists the known ones; one longer than ${MAX_VALUE_LENGTH} characters, a 400 (too_long).`,
          schema: { ...BOUNDED_STRING, examples: slugExamples(catalog, route.detail) } as NonNullable<
            OpenAPIV3_1.ParameterObject['schema']
          >,
          example: slugExamples(catalog, route.detail)[0],
        },
      ]
    : [];
  const query = route.params.map((param): OpenAPIV3_1.ParameterObject => {
    const schema = querySchema(param, catalog);
    const parameter: OpenAPIV3_1.ParameterObject = {
      name: param.name,
      in: 'query',
      required: false,
      description: param.description,
      // openapi-types types parameter schemas with its 3.0 SchemaObject; the 3.1 one is what we emit.
      schema: schema as NonNullable<OpenAPIV3_1.ParameterObject['schema']>,
      ...(param.deprecated ? { deprecated: true, 'x-sunset': param.deprecated.sunset } : {}),
    };
    // Every enumerated parameter gets an example: its own, or its first allowed value.
    const example = param.example ?? (param.kind === 'choice' ? (schema.examples as string[] | undefined)?.[0] : undefined);
    if (example) parameter.example = example;
    return parameter;
  });
  return [...path, ...query];
}

/** The operationId of a route's HEAD operation. */
export function headOperationId(route: RouteSpec): string {
  return `head${route.id.charAt(0).toUpperCase()}${route.id.slice(1)}`;
}

/** A response as HEAD answers it: its status and headers, no body. */
function withoutContent(response: OpenAPIV3_1.ResponseObject): OpenAPIV3_1.ResponseObject {
  const { content: _content, ...rest } = response;
  return rest;
}

/** An OpenAPI 3.1 document that always has its paths (the contract payload's schema requires them). */
export type Contract = OpenAPIV3_1.Document & { paths: OpenAPIV3_1.PathsObject };

/** Builds the contract; cached per catalog and base URL. */
export function buildContract(catalog: Catalog): Contract {
  const routes: readonly RouteSpec[] = ROUTES;
  // Without SITE_URL the server is relative ("/", resolved against the document's own URL, OpenAPI
  // 3.1 §4.8.5): a generated client then never defaults to a guessed host such as localhost.
  const base = configuredSiteUrl();
  return memo(catalog, `contract:${base ?? ''}`, () => {
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
        ...(isPaginated(route) ? { Link: { $ref: '#/components/headers/Link' } } : {}),
        ...(route.serviceDesc ? { Link: { $ref: '#/components/headers/ServiceDescLink' } } : {}),
        ...RATE_LIMIT_HEADERS,
      };
      const errors: OpenAPIV3_1.ResponsesObject = {
        '400': errorResponse('A parameter is unknown, repeated, malformed, too long or outside its allowed values.'),
        '404': errorResponse(route.detail ? 'No entry has this slug.' : 'Not found.'),
        '405': errorResponse('Only GET, HEAD and OPTIONS are allowed.'),
        '429': errorResponse('This client is over its quota (RateLimit-Policy): wait Retry-After seconds.', {
          'Retry-After': { $ref: '#/components/headers/Retry-After' },
        }),
        '500': errorResponse(
          'The server failed (internal_error), logged with the request id; a failure after the API answered is a one-line text.',
          {},
          { 'text/plain': { schema: { type: 'string' } } },
        ),
        ...(route.live
          ? { '503': errorResponse('The process is draining (shutting down or reloading): retry, another one answers.') }
          : {}),
      };
      const operation: OpenAPIV3_1.OperationObject = {
        operationId: route.id,
        summary: route.summary,
        description: route.description,
        tags: [route.tag],
        parameters: parameters(route, catalog),
        ...(route.deprecated ? { deprecated: true, 'x-sunset': route.deprecated.sunset } : {}),
        responses: {
          '200': {
            description: route.summary,
            headers: successHeaders,
            content: { 'application/json': { schema: ref(envelopeComponent(route)) } },
          },
          '304': { description: 'Not modified: If-None-Match matched the current ETag. No body.', headers: successHeaders },
          ...errors,
        },
      };
      // HEAD: the same status and headers as GET, no body (RFC 9110 §9.3.2).
      const head: OpenAPIV3_1.OperationObject = {
        operationId: headOperationId(route),
        summary: `${route.summary} (headers only)`,
        description: `The headers GET ${route.path} would send, without its body.`,
        tags: [route.tag],
        parameters: parameters(route, catalog),
        responses: Object.fromEntries(
          Object.entries({
            '200': { description: route.summary, headers: successHeaders },
            '304': operation.responses!['304'],
            ...errors,
          }).map(([status, response]) => [status, withoutContent(response as OpenAPIV3_1.ResponseObject)]),
        ),
      };
      paths[route.path] = { get: operation, head } as OpenAPIV3_1.PathItemObject;
    }

    const tags = [...new Set(routes.map((route) => route.tag))].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] }));
    return {
      openapi: '3.1.0',
      info: {
        title: `${SITE_NAME} public API`,
        version: SITE_VERSION,
        description: `A read-only JSON API over the ${SITE_NAME} catalog. Every response, errors included, is an envelope carrying request metadata (request_id, timestamp, method, path, query) around its payload. Errors follow RFC 9457 with a stable code (${ERROR_CODES.join(', ')}).`,
        contact: { name: catalog.profile.name, email: catalog.profile.email, ...(base ? { url: base } : {}) },
        license: CONTRACT_LICENSE,
      },
      servers: [{ url: base ?? '/' }],
      // A public API: no operation needs credentials (OpenAPI 3.1 §4.8.1, "security").
      security: [],
      tags,
      paths,
      components: { schemas, headers: HEADERS },
    } satisfies Contract;
  });
}
