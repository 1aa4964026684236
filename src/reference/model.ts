/**
 * The API reference's view of the contract: tags in contract order, each with its operations,
 * parameters (where, type, required, allowed values, limits, example) and responses with the
 * stable error codes each status can carry. Read from the contract only, so the page shows
 * exactly what clients are promised.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from '../schemas/errors.ts';
import { LANG_PARAM } from '../routes/params.ts';

export interface ReferenceParameter {
  name: string;
  in: string;
  type: string;
  required: boolean;
  description: string;
  allowed: readonly string[];
  pattern: string | undefined;
  maxLength: number | undefined;
  default: string | undefined;
  example: string | undefined;
}

export interface ReferenceResponse {
  status: string;
  description: string;
  /** The error codes an error envelope with this status can carry. */
  errorCodes: readonly ErrorCode[];
  /** Component name of the JSON body's schema, when it has one. */
  schema: string | undefined;
}

export interface ReferenceOperation {
  id: string;
  method: 'GET';
  /** The path template, such as /api/projects/{slug}. */
  path: string;
  summary: string;
  description: string;
  parameters: readonly ReferenceParameter[];
  responses: readonly ReferenceResponse[];
  /** A concrete request: path examples filled in, plus the first filter's example. */
  exampleUrl: string;
}

export interface ReferenceTag {
  name: string;
  description: string;
  /** Fragment id of the tag's section. */
  anchor: string;
  operations: readonly ReferenceOperation[];
}

type Schema = OpenAPIV3_1.SchemaObject;

/** Fragment id of a tag's section. */
export const tagAnchor = (name: string): string => `tag-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** Fragment id of an error code's entry; error envelopes point at it (`type: /openapi/#error-<code>`). */
export const errorAnchor = (code: string): string => `error-${code}`;

/** The stable codes that come with an HTTP status. */
export function errorCodesFor(status: number): ErrorCode[] {
  return ERROR_CODES.filter((code) => ERROR_STATUS[code].status === status);
}

const text = (value: unknown): string | undefined => (value === undefined ? undefined : String(value));

function parameterView(parameter: OpenAPIV3_1.ParameterObject): ReferenceParameter {
  const schema = (parameter.schema ?? {}) as Schema;
  return {
    name: parameter.name,
    in: parameter.in,
    type: String(schema.type ?? 'string'),
    required: parameter.required === true,
    description: parameter.description ?? '',
    // A closed set is its values in any case: a pattern, with every value as an example.
    allowed: ((schema.enum ?? (schema.pattern ? schema.examples : undefined) ?? []) as unknown[]).map(String),
    pattern: schema.pattern,
    maxLength: schema.maxLength,
    default: text(schema.default),
    example: text(parameter.example),
  };
}

function responseView(status: string, response: OpenAPIV3_1.ResponseObject): ReferenceResponse {
  const ref = (response.content?.['application/json']?.schema as { $ref?: string } | undefined)?.$ref;
  return {
    status,
    description: response.description,
    errorCodes: Number(status) >= 400 ? errorCodesFor(Number(status)) : [],
    schema: ref?.slice(ref.lastIndexOf('/') + 1),
  };
}

/** A concrete URL for an operation: each path parameter's example, then the first non-lang query example. */
function exampleUrl(path: string, parameters: readonly ReferenceParameter[]): string {
  let url = path;
  for (const parameter of parameters.filter((item) => item.in === 'path'))
    url = url.replace(`{${parameter.name}}`, encodeURIComponent(parameter.example ?? parameter.allowed[0] ?? ''));
  const filter = parameters.find((item) => item.in === 'query' && item.name !== LANG_PARAM.name && item.example !== undefined);
  return filter ? `${url}?${encodeURIComponent(filter.name)}=${encodeURIComponent(filter.example!)}` : url;
}

/** The reference's tags and operations, in contract order. */
export function referenceModel(contract: OpenAPIV3_1.Document): ReferenceTag[] {
  const operations: (ReferenceOperation & { tag: string })[] = [];
  for (const [path, item] of Object.entries(contract.paths ?? {})) {
    const operation = item?.get;
    if (!operation?.operationId) continue;
    const parameters = ((operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[]).map(parameterView);
    operations.push({
      id: operation.operationId,
      tag: operation.tags?.[0] ?? 'Other',
      method: 'GET',
      path,
      summary: operation.summary ?? operation.operationId,
      description: operation.description ?? '',
      parameters,
      responses: Object.entries(operation.responses ?? {}).map(([status, response]) =>
        responseView(status, response as OpenAPIV3_1.ResponseObject),
      ),
      exampleUrl: exampleUrl(path, parameters),
    });
  }
  const tags = contract.tags ?? [];
  return tags.map((tag) => ({
    name: tag.name,
    description: tag.description ?? '',
    anchor: tagAnchor(tag.name),
    operations: operations.filter((operation) => operation.tag === tag.name),
  }));
}
