/** The OpenAPI 3.1 contract: valid for an independent validator, and a faithful copy of the route table. */
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTRACT_DOCUMENT_PATH, ROUTES } from '../../src/routes/routes.ts';
import { anyCasePattern, buildContract, headOperationId } from '../../src/contract/build.ts';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { bodyOf, callApi } from '../support/api-call.ts';
import { contractParameter, responseValidator, testCatalog, testContract } from '../support/contract.ts';

const catalog = testCatalog();

/**
 * Every closed-set parameter (by route id and name) and its values, written out: a value added to or
 * dropped from a set must show up here as a deliberate change.
 */
const CLOSED_SETS: Record<string, readonly string[]> = {
  'listProfiles owner': ['brand', 'personal'],
  'listLinks owner': ['brand', 'personal'],
  'listDiscovery kind': [
    'page',
    'endpoint',
    'export',
    'document',
    'category',
    'capability',
    'stack',
    'project',
    'operation',
    'journey',
    'trust',
    'case',
    'profile',
    'link',
  ],
  'listJourneys audience': ['founders', 'product-teams', 'agencies', 'developers'],
  'listJourneys stage': ['discover', 'evaluate', 'engage', 'operate'],
  'listTrust kind': ['contact', 'social-proof', 'policy'],
};

it('has exactly these closed-set parameters', () => {
  const closed = ROUTES.flatMap((route) =>
    route.params.filter((param) => param.kind === 'choice' && !param.entriesOf).map((param) => `${route.id} ${param.name}`),
  );
  expect(closed.sort()).toEqual(Object.keys(CLOSED_SETS).sort());
});
const contract = testContract();
const packageVersion = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

/** Runs the independent validator on a copy (it may annotate what it reads). */
async function validateOpenApi(document: unknown): Promise<{ valid: boolean; errors?: unknown }> {
  return new Validator().validate(structuredClone(document) as Parameters<Validator['validate']>[0]);
}

describe('the contract document', () => {
  it('passes @seriousme/openapi-schema-validator as OpenAPI 3.1', async () => {
    expect(contract.openapi).toMatch(/^3\.1\.\d+$/);
    const result = await validateOpenApi(contract);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('is rejected by that validator when broken (the check is not vacuous)', async () => {
    const { info: _info, ...withoutInfo } = structuredClone(contract);
    expect((await validateOpenApi(withoutInfo)).valid).toBe(false);
    const badResponse = structuredClone(contract);
    (badResponse.paths!['/api/health']!.get!.responses as Record<string, unknown>)['200'] = { content: 'not an object' };
    expect((await validateOpenApi(badResponse)).valid).toBe(false);
  });

  it('is what /api/openapi.json and /api/v1/openapi.json serve, byte for byte', () => {
    const served = bodyOf(callApi('/api/openapi.json')).payload;
    const versioned = bodyOf(callApi('/api/v1/openapi.json')).payload;
    expect(served).toEqual(JSON.parse(JSON.stringify(contract)));
    expect(JSON.stringify(versioned)).toBe(JSON.stringify(served));
  });

  it('links both enveloped copies to the bare document, the one URL the route table names', () => {
    expect(CONTRACT_DOCUMENT_PATH).toBe('/openapi.json');
    for (const path of ['/api/openapi.json', '/api/v1/openapi.json'])
      expect(callApi(path).headers.get('link'), path).toBe('</openapi.json>; rel="service-desc"');
  });

  it('has info with the package version and the profile as contact', () => {
    expect(contract.info.title.length).toBeGreaterThan(0);
    expect(contract.info.version).toBe(packageVersion);
    expect(contract.info.description?.length).toBeGreaterThan(0);
    expect(contract.info.contact?.name).toBe(catalog.profile.name);
    expect(contract.info.contact?.email).toBe(catalog.profile.email);
  });

  describe('servers', () => {
    afterEach(() => vi.unstubAllEnvs());

    it('lists the SITE_URL origin as the only server', () => {
      vi.stubEnv('SITE_URL', 'https://catalog.example.org/');
      // A fresh catalog: the contract is memoized per catalog and base URL.
      const built = buildContract(loadCatalogFromFiles());
      expect(built.servers).toEqual([{ url: 'https://catalog.example.org' }]);
      expect(built.info.contact?.url).toBe('https://catalog.example.org');
    });

    it('names no host when built without SITE_URL: the server is "/", relative to the document', () => {
      vi.stubEnv('SITE_URL', '');
      const built = buildContract(loadCatalogFromFiles());
      expect(built.servers).toEqual([{ url: '/' }]);
      expect(built.info.contact?.url).toBeUndefined();
      expect(JSON.stringify(built)).not.toMatch(/localhost|127\.0\.0\.1/);
    });
  });

  it('declares every tag an operation uses, and uses every declared tag', () => {
    const declared = (contract.tags ?? []).map((tag) => tag.name);
    const used = new Set(Object.values(contract.paths ?? {}).flatMap((item) => [...(item?.get?.tags ?? []), ...(item?.head?.tags ?? [])]));
    expect(new Set(declared)).toEqual(used);
    expect(new Set(declared)).toEqual(new Set(ROUTES.map((route) => route.tag)));
  });

  it('has exactly one path per route table entry, and no other', () => {
    expect(Object.keys(contract.paths ?? {})).toHaveLength(21);
    expect(Object.keys(contract.paths ?? {}).sort()).toEqual(ROUTES.map((route) => route.path).sort());
    const operationIds = Object.values(contract.paths ?? {}).flatMap((item) => [item?.get?.operationId, item?.head?.operationId]);
    expect(new Set(operationIds).size).toBe(2 * ROUTES.length);
  });

  it('references only schemas and headers it defines', () => {
    const refs = [...JSON.stringify(contract).matchAll(/"\$ref":"#\/components\/(schemas|headers)\/([^"]+)"/g)];
    expect(refs.length).toBeGreaterThan(ROUTES.length);
    for (const [, kind, name] of refs)
      expect((contract.components?.[kind as 'schemas' | 'headers'] ?? {})[name!], `${kind}/${name}`).toBeDefined();
  });
});

describe.each(ROUTES.map((route) => ({ path: route.path, route })))('operation $path', ({ route }) => {
  const operation = contract.paths?.[route.path]?.get as OpenAPIV3_1.OperationObject;
  const head = contract.paths?.[route.path]?.head as OpenAPIV3_1.OperationObject;
  const otherMethods = Object.keys(contract.paths?.[route.path] ?? {}).filter((key) => key !== 'get' && key !== 'head');

  it('describes a GET with the route id, summary and description, and its HEAD', () => {
    expect(otherMethods).toEqual([]);
    expect(head.operationId).toBe(headOperationId(route));
    expect(head.parameters).toEqual(operation.parameters);
    // HEAD: GET's statuses and headers, never a body.
    expect(Object.keys(head.responses ?? {})).toEqual(Object.keys(operation.responses ?? {}));
    for (const [status, response] of Object.entries(head.responses as Record<string, OpenAPIV3_1.ResponseObject>)) {
      expect(response.content, status).toBeUndefined();
      expect(response.headers, status).toEqual((operation.responses as Record<string, OpenAPIV3_1.ResponseObject>)[status]?.headers);
    }
    expect(operation.operationId).toBe(route.id);
    expect(operation.summary).toBe(route.summary);
    expect(operation.description).toBe(route.description);
    expect(operation.tags).toEqual([route.tag]);
  });

  it('lists the route parameters, enumerating the enumerable ones', () => {
    const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
    const expectedNames = [...(route.detail ? ['slug'] : []), ...route.params.map((param) => param.name)];
    expect(parameters.map((parameter) => parameter.name)).toEqual(expectedNames);
    for (const parameter of parameters) expect(parameter.description?.length, parameter.name).toBeGreaterThan(0);
    if (route.detail) {
      const slug = contractParameter(route.path, 'slug')!;
      expect(slug.in).toBe('path');
      expect(slug.required).toBe(true);
      // A few examples, not every slug (the contract must not grow with the catalog), and no pattern:
      // the server looks any spelling up to 200 characters, and one it does not know is a 404, never a 400.
      expect(slug.schema).toEqual({ type: 'string', maxLength: 200, examples: expect.any(Array) });
      const examples = (slug.schema as { examples: string[] }).examples;
      expect(examples).toHaveLength(3);
      for (const example of examples) expect(catalog.get(route.detail, example), example).toBeDefined();
    }
    for (const param of route.params) {
      const parameter = contractParameter(route.path, param.name)!;
      expect(parameter.in).toBe('query');
      expect(parameter.required ?? false).toBe(false);
      const schema = parameter.schema as Record<string, unknown>;
      if (param.kind === 'text') expect(schema).toEqual({ type: 'string', maxLength: 100 });
      if (param.kind === 'lang')
        expect(schema).toEqual({
          type: 'string',
          maxLength: 200,
          pattern: anyCasePattern(['en-US', 'pt-BR']),
          examples: ['en-US', 'pt-BR'],
          default: 'en-US',
        });
      if (param.kind === 'limit') expect(schema).toEqual({ type: 'integer', minimum: 1, maximum: 500 });
      if (param.kind === 'cursor') expect(schema).toEqual({ type: 'string', maxLength: 200 });
      // Slugs of catalog entries get examples (each a real entry); closed sets are enumerated.
      if (param.kind === 'choice' && param.entriesOf) {
        expect(schema['enum']).toBeUndefined();
        for (const example of schema['examples'] as string[]) expect(catalog.get(param.entriesOf, example), example).toBeDefined();
      }
      // Closed sets: the contract gives exactly the values the spec promises, written out here, in any case.
      if (param.kind === 'choice' && !param.entriesOf) {
        const key = `${route.id} ${param.name}`;
        expect(Object.keys(CLOSED_SETS), `${key} is a closed set: add its values to CLOSED_SETS`).toContain(key);
        expect(schema['examples']).toEqual(CLOSED_SETS[key]);
        expect(schema['pattern']).toBe(anyCasePattern(CLOSED_SETS[key]!, true));
      }
      // A documented example must itself be a valid value.
      if (parameter.example !== undefined)
        expect(new Ajv2020().validate(parameter.schema!, parameter.example), `${param.name} example`).toBe(true);
    }
  });

  it('documents 200, 304, 400, 404, 405, 429 and 500 with X-Request-Id and the rate-limit fields, and ETag on success', () => {
    const responses = operation.responses as Record<string, OpenAPIV3_1.ResponseObject>;
    // Health also documents its 503 while the process drains.
    expect(Object.keys(responses).sort()).toEqual([
      '200',
      '304',
      '400',
      '404',
      '405',
      '429',
      '500',
      ...(route.id === 'getHealth' ? ['503'] : []),
    ]);
    for (const status of ['200', '304', '400', '404', '405', '429', '500'])
      expect(Object.keys(responses[status]?.headers ?? {}), status).toEqual(
        expect.arrayContaining(['X-Request-Id', 'RateLimit-Policy', 'RateLimit']),
      );
    expect(Object.keys(responses['429']?.headers ?? {})).toContain('Retry-After');
    expect(Object.keys(responses['200']?.headers ?? {})).toContain('ETag');
    expect(Object.keys(responses['304']?.headers ?? {})).toContain('ETag');
    if (route.localized) expect(Object.keys(responses['200']?.headers ?? {})).toContain('Content-Language');
    for (const status of ['200', '400', '404', '405', '429', '500'])
      expect(responses[status]?.content?.['application/json']?.schema, status).toBeDefined();
    // A failure after the API answered is the server's one-line text.
    expect(Object.keys(responses['500']?.content ?? {})).toEqual(['application/json', 'text/plain']);
    expect(responses['304']?.content).toBeUndefined();
  });

  it('has a 200 schema that rejects a wrong envelope (strict, not vacuous)', () => {
    const validate = responseValidator(route.path, 200);
    const good = bodyOf(
      callApi(route.path.replace('{slug}', (route.detail ? (catalog.collections[route.detail] as { slug: string }[])[0]?.slug : '') ?? '')),
    );
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, extra: true })).toBe(false);
    expect(validate({ ...good, payload: null })).toBe(false);
    expect(validate({ ...good, timestamp: '2024-01-01T00:00:00Z' })).toBe(false);
    const { request_id: _id, ...withoutId } = good;
    expect(validate(withoutId)).toBe(false);
    // The payload schema is checked too: an unexpected member in an item is refused.
    const payload = good.payload as { items?: Record<string, unknown>[] };
    if (Array.isArray(payload.items) && payload.items[0]) {
      expect(validate({ ...good, payload: { ...payload, items: [{ ...payload.items[0], unexpected: 1 }] } })).toBe(false);
    }
  });
});
