/**
 * The OpenAPI contract as tests see it: built from the route table and the catalog on disk, with
 * an Ajv 2020-12 validator that checks any response body against its operation's schema.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenAPIV3_1 } from 'openapi-types';
import { expect } from 'vitest';
import type { Catalog } from '../../src/catalog/catalog.ts';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { buildContract } from '../../src/contract/build.ts';
import { OPENAPI_DOCUMENT_MEMBERS } from '../../src/contract/json-schema.ts';
import { ROUTES } from '../../src/routes/routes.ts';
import { CONDITIONAL_HEADERS, expectedHeaders } from './route-tables.ts';

/** Where the contract is registered in Ajv, so `$ref`s into it resolve. */
const CONTRACT_ID = 'https://contract.test/openapi.json';

let catalogCache: Catalog | undefined;
/** The catalog read from content/, loaded once per test file. */
export function testCatalog(): Catalog {
  catalogCache ??= loadCatalogFromFiles();
  return catalogCache;
}

/** The contract built from the route table, as /api/openapi.json should serve it. */
export function testContract(): OpenAPIV3_1.Document {
  return buildContract(testCatalog());
}

let ajvCache: Ajv2020 | undefined;
/** One strict Ajv holding the whole contract; OpenAPI's top-level members are declared keywords. */
function contractAjv(): Ajv2020 {
  if (ajvCache) return ajvCache;
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  ajv.addVocabulary(OPENAPI_DOCUMENT_MEMBERS);
  // A deep copy: Ajv annotates what it compiles, and the contract object is memoized by the app.
  ajv.addSchema({ $id: CONTRACT_ID, ...structuredClone(testContract()) });
  ajvCache = ajv;
  return ajv;
}

/** JSON Pointer escaping (RFC 6901). */
const pointer = (segment: string): string => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** The contract's response object for an operation and status, or undefined. */
export function contractResponse(pathTemplate: string, status: number): OpenAPIV3_1.ResponseObject | undefined {
  const operation = testContract().paths?.[pathTemplate]?.get;
  return operation?.responses?.[String(status)] as OpenAPIV3_1.ResponseObject | undefined;
}

const validators = new Map<string, ValidateFunction>();
/**
 * A validator for the JSON body of (path template, status). With no template (an /api path no
 * operation describes), the shared error envelope component is used.
 */
export function responseValidator(pathTemplate: string | undefined, status: number): ValidateFunction {
  const key = `${pathTemplate ?? '*'} ${status}`;
  const cached = validators.get(key);
  if (cached) return cached;
  let ref: string;
  if (pathTemplate === undefined) {
    ref = `${CONTRACT_ID}#/components/schemas/ErrorEnvelope`;
  } else {
    const response = contractResponse(pathTemplate, status);
    if (!response?.content?.['application/json']?.schema)
      throw new Error(`The contract has no JSON ${status} response for GET ${pathTemplate}`);
    ref = `${CONTRACT_ID}#/paths/${pointer(pathTemplate)}/get/responses/${status}/content/application~1json/schema`;
  }
  const validate = contractAjv().compile({ $ref: ref });
  validators.set(key, validate);
  return validate;
}

/** Asserts that a parsed body matches the contract's schema for (path template, status). */
export function expectMatchesContract(pathTemplate: string | undefined, status: number, body: unknown): void {
  const validate = responseValidator(pathTemplate, status);
  const valid = validate(body);
  expect(valid, `${pathTemplate ?? 'ErrorEnvelope'} ${status}: ${JSON.stringify(validate.errors?.slice(0, 5))}`).toBe(true);
}

/**
 * Asserts that a response carries the headers pinned for its operation (tests/support/route-tables.ts),
 * and that the contract documents exactly those: dropping a header from either side fails.
 */
export function expectContractHeaders(pathTemplate: string, status: number, headers: Headers): void {
  const route = ROUTES.find((candidate) => candidate.path === pathTemplate);
  expect(route, `a route serves ${pathTemplate}`).toBeDefined();
  const expected = expectedHeaders(route!.id, status);
  const response = contractResponse(pathTemplate, status);
  expect(response, `the contract documents ${status} for ${pathTemplate}`).toBeDefined();
  expect(Object.keys(response?.headers ?? {}).sort(), `${status} ${pathTemplate}: documented headers`).toEqual([...expected].sort());
  for (const name of expected) {
    if (CONDITIONAL_HEADERS.includes(name)) continue;
    expect(headers.get(name), `${status} ${pathTemplate} header ${name}`).toBeTruthy();
  }
}

/** The JSON Schema of a query or path parameter of an operation. */
export function contractParameter(pathTemplate: string, name: string): OpenAPIV3_1.ParameterObject | undefined {
  const parameters = (testContract().paths?.[pathTemplate]?.get?.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  return parameters.find((parameter) => parameter.name === name);
}
