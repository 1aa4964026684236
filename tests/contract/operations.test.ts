/**
 * The contract's operations, parameters, responses and components for a few routes, written out by
 * hand: what a client generator reads. Parameter descriptions come from the route table and are
 * checked where they are written (tests/api); here, everything the contract builder adds.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { anyCasePattern, buildContract, envelopeComponent, payloadComponent, querySchema, slugExamples } from '../../src/contract/build.ts';
import { routeById, ROUTES } from '../../src/routes/routes.ts';

const catalog = loadCatalogFromFiles();
const contract = () => buildContract(catalog);
const operation = (path: string) => contract().paths[path]!.get!;
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const described = expect.any(String);

const LANG = {
  name: 'lang',
  in: 'query',
  required: false,
  description: described,
  schema: {
    type: 'string',
    maxLength: 200,
    pattern: '^(?:[eE][nN]-[uU][sS]|[pP][tT]-[bB][rR])$',
    examples: ['en-US', 'pt-BR'],
    default: 'en-US',
  },
  example: 'pt-BR',
};
const LIMIT = {
  name: 'limit',
  in: 'query',
  required: false,
  description: described,
  schema: { type: 'integer', minimum: 1, maximum: 500 },
  example: 20,
};
const CURSOR = { name: 'cursor', in: 'query', required: false, description: described, schema: { type: 'string', maxLength: 200 } };
const q = { name: 'q', in: 'query', required: false, description: described, schema: { type: 'string', maxLength: 100 } };

/** Every error response: its description, the request id and the rate-limit fields, the error envelope. */
const error = (description: string, extra: Record<string, unknown> = {}, content: Record<string, unknown> = {}) => ({
  description,
  headers: {
    'X-Request-Id': headerRef('X-Request-Id'),
    'RateLimit-Policy': headerRef('RateLimit-Policy'),
    RateLimit: headerRef('RateLimit'),
    ...extra,
  },
  content: { 'application/json': { schema: schemaRef('ErrorEnvelope') }, ...content },
});
const INTERNAL_ERROR = error(
  'The server failed (internal_error), logged with the request id; a failure after the API answered is a one-line text.',
  {},
  { 'text/plain': { schema: { type: 'string' } } },
);

describe('component names', () => {
  it.each([
    ['getProject', 'GetProjectPayload', 'GetProjectEnvelope'],
    ['listStacks', 'ListStacksPayload', 'ListStacksEnvelope'],
    ['getContractV1', 'GetContractV1Payload', 'GetContractV1Envelope'],
  ] as const)('%s -> %s, %s', (id, payload, envelope) => {
    const route = ROUTES.find((item) => item.id === id)!;
    expect(payloadComponent(route)).toBe(payload);
    expect(envelopeComponent(route)).toBe(envelope);
  });
});

describe('parameters', () => {
  it('gives a detail route its slug (three examples, any spelling) and its query parameters', () => {
    expect(operation('/api/projects/{slug}').parameters).toEqual([
      {
        name: 'slug',
        in: 'path',
        required: true,
        description:
          'Slug of the project; an unknown slug, whatever its spelling, gets a 404 that lists the known ones; one longer than 200 characters, a 400 (too_long).',
        schema: { type: 'string', maxLength: 200, examples: ['a11y-smoke-runner', 'audit-workbench', 'clinic-booking'] },
        example: 'a11y-smoke-runner',
      },
      LANG,
    ]);
    expect(operation('/api/stacks/{slug}').parameters?.[0]).toMatchObject({
      description:
        'Slug of the stack; an unknown slug, whatever its spelling, gets a 404 that lists the known ones; one longer than 200 characters, a 400 (too_long).',
      example: 'astro',
    });
  });

  it('types each kind of query parameter: entries (examples), text, limit, cursor, lang', () => {
    expect(operation('/api/projects').parameters).toEqual([
      {
        name: 'capability',
        in: 'query',
        required: false,
        description: described,
        schema: { type: 'string', maxLength: 200, examples: ['accessibility', 'api-design', 'content-modeling'] },
        example: 'api-design',
      },
      q,
      LIMIT,
      CURSOR,
      LANG,
    ]);
  });

  it('gives closed sets as their values in any case, each with its first value as the example', () => {
    expect(operation('/api/journeys').parameters?.slice(0, 2)).toEqual([
      {
        name: 'audience',
        in: 'query',
        required: false,
        description: described,
        schema: {
          type: 'string',
          maxLength: 200,
          pattern:
            '^\\s*(?:[fF][oO][uU][nN][dD][eE][rR][sS]|[pP][rR][oO][dD][uU][cC][tT]-[tT][eE][aA][mM][sS]|[aA][gG][eE][nN][cC][iI][eE][sS]|[dD][eE][vV][eE][lL][oO][pP][eE][rR][sS])\\s*$',
          examples: ['founders', 'product-teams', 'agencies', 'developers'],
        },
        example: 'founders',
      },
      {
        name: 'stage',
        in: 'query',
        required: false,
        description: described,
        schema: {
          type: 'string',
          maxLength: 200,
          pattern: anyCasePattern(['discover', 'evaluate', 'engage', 'operate'], true),
          examples: ['discover', 'evaluate', 'engage', 'operate'],
        },
        example: 'discover',
      },
    ]);
  });

  it('has no parameters where the route takes none', () => {
    expect(operation('/api/health').parameters).toEqual([]);
  });

  it('takes at most three slugs as examples, in catalog order', () => {
    expect(slugExamples(catalog, 'stacks')).toEqual(['astro', 'docker', 'eslint']);
    expect(slugExamples(catalog, 'profiles')).toHaveLength(2);
  });

  it('gives a choice without values a pattern no value matches rather than failing', () => {
    const param = { name: 'owner', kind: 'choice', description: 'x' } as Parameters<typeof querySchema>[0];
    expect(querySchema(param, catalog)).toEqual({ type: 'string', maxLength: 200, pattern: '^\\s*(?:)\\s*$', examples: [] });
  });

  it('matches a closed set in any case, and nothing else, with metacharacters escaped', () => {
    const pattern = new RegExp(anyCasePattern(['en-US', 'a.b']));
    for (const value of ['en-US', 'en-us', 'EN-US', 'a.b', 'A.B']) expect(pattern.test(value), value).toBe(true);
    for (const value of ['en_US', 'en-USA', 'xen-US', 'axb', '', ' en-US']) expect(pattern.test(value), value).toBe(false);
    // Filters are trimmed by the server, lang is not.
    const trimmed = new RegExp(anyCasePattern(['brand'], true));
    for (const value of ['brand', ' Brand ', '\tBRAND']) expect(trimmed.test(value), value).toBe(true);
    expect(trimmed.test('b rand')).toBe(false);
  });
});

describe('responses', () => {
  /** Every success header: the request id and ETag, then `extra`, then the rate-limit fields. */
  const success = (extra: Record<string, unknown> = {}) => ({
    'X-Request-Id': headerRef('X-Request-Id'),
    ETag: headerRef('ETag'),
    ...extra,
    'RateLimit-Policy': headerRef('RateLimit-Policy'),
    RateLimit: headerRef('RateLimit'),
  });

  it('documents a localized, paginated directory: Content-Language and Link on success, no 503', () => {
    const headers = success({ 'Content-Language': headerRef('Content-Language'), Link: headerRef('Link') });
    expect(operation('/api/projects').responses).toEqual({
      '200': {
        description: 'Filterable project dossier directory',
        headers,
        content: { 'application/json': { schema: schemaRef('ListProjectsEnvelope') } },
      },
      '304': { description: 'Not modified: If-None-Match matched the current ETag. No body.', headers },
      '400': error('A parameter is unknown, repeated, malformed, too long or outside its allowed values.'),
      '404': error('Not found.'),
      '405': error('Only GET, HEAD and OPTIONS are allowed.'),
      '429': error('This client is over its quota (RateLimit-Policy): wait Retry-After seconds.', {
        'Retry-After': headerRef('Retry-After'),
      }),
      '500': INTERNAL_ERROR,
    });
  });

  it('links the enveloped contract to the bare document (Link rel="service-desc")', () => {
    const responses = operation('/api/openapi.json').responses as Record<string, OpenAPIV3_1.ResponseObject>;
    expect(responses['200']?.headers?.['Link']).toEqual(headerRef('ServiceDescLink'));
    expect(contract().components!.headers!['ServiceDescLink']).toEqual({
      description: 'RFC 8288 link to the same contract as a bare OpenAPI document: `</openapi.json>; rel="service-desc"`.',
      schema: { type: 'string' },
    });
  });

  it('documents the live health check with a 503 while draining, and a detail 404 as an unknown slug', () => {
    const health = operation('/api/health').responses as Record<string, OpenAPIV3_1.ResponseObject>;
    expect(Object.keys(health)).toEqual(['200', '304', '400', '404', '405', '429', '500', '503']);
    expect(health['200']?.headers).toEqual(success());
    expect(health['503']).toEqual(error('The process is draining (shutting down or reloading): retry, another one answers.'));
    expect((operation('/api/projects/{slug}').responses as Record<string, unknown>)['404']).toEqual(error('No entry has this slug.'));
  });

  it('describes each operation by its route: id, summary, description, one tag', () => {
    const route = routeById('listStacks');
    expect(operation('/api/stacks')).toMatchObject({
      operationId: 'listStacks',
      summary: route.summary,
      description: route.description,
      tags: ['Stacks'],
    });
  });
});

describe('components', () => {
  const schemas = () => contract().components!.schemas!;
  const META_MEMBERS = ['request_id', 'timestamp', 'method', 'path', 'query'];

  it('wraps each payload in a closed envelope, and errors in one with a null payload and a Problem', () => {
    const project = schemas()['GetProjectEnvelope'] as OpenAPIV3_1.SchemaObject;
    expect(project.type).toBe('object');
    expect(Object.keys(project.properties!)).toEqual([...META_MEMBERS, 'payload']);
    expect(project.properties!['payload']).toEqual(schemaRef('GetProjectPayload'));
    expect(project.required).toEqual([...META_MEMBERS, 'payload']);
    expect(project.additionalProperties).toBe(false);

    const errorEnvelope = schemas()['ErrorEnvelope'] as OpenAPIV3_1.SchemaObject;
    expect(Object.keys(errorEnvelope.properties!)).toEqual([...META_MEMBERS, 'payload', 'error']);
    expect(errorEnvelope.properties!['payload']).toEqual({ type: 'null' });
    expect(errorEnvelope.properties!['error']).toEqual(schemaRef('Problem'));
    expect(errorEnvelope.required).toEqual([...META_MEMBERS, 'payload', 'error']);
    expect(errorEnvelope.additionalProperties).toBe(false);
  });

  it('defines every payload a route names, and the Problem', () => {
    for (const route of ROUTES) expect(schemas()[payloadComponent(route)], route.id).toBeDefined();
    expect(schemas()['Problem']).toMatchObject({ type: 'object' });
  });

  it('defines the headers the responses refer to, optional ones marked', () => {
    const headers = contract().components!.headers as Record<string, OpenAPIV3_1.HeaderObject>;
    expect(Object.keys(headers)).toEqual([
      'X-Request-Id',
      'ETag',
      'Content-Language',
      'RateLimit-Policy',
      'RateLimit',
      'Retry-After',
      'Link',
      'ServiceDescLink',
    ]);
    expect(headers['Content-Language']).toEqual({
      description: 'The locale of localized payloads.',
      schema: { type: 'string', enum: ['en-US', 'pt-BR'] },
    });
    expect(headers['Retry-After']).toEqual({
      description: 'Seconds to wait before the quota allows another request.',
      schema: { type: 'integer', minimum: 0 },
    });
    expect(headers['ETag']).toEqual({
      description: 'Weak validator over the payload and the normalized query; send it back in If-None-Match.',
      schema: { type: 'string' },
    });
    expect(headers['X-Request-Id']?.description).toBe(
      'Equals the envelope request_id: a valid client X-Request-Id (^[A-Za-z0-9._-]{1,128}$) or a fresh UUID.',
    );
    expect(headers['Link']?.description).toBe(
      'RFC 8288 link to the next page, on a page asked for with limit while more items remain: `<path?...&limit=N&cursor=...>; rel="next"`, keeping every filter and lang.',
    );
    expect([headers['RateLimit-Policy']?.required, headers['RateLimit']?.required, headers['Link']?.required]).toEqual([
      false,
      false,
      false,
    ]);
  });
});

describe('the document', () => {
  it('names the API, its error codes, its contact and license, and needs no credentials', () => {
    const document = contract();
    expect(document.info).toMatchObject({
      title: 'Oficina Norte public API',
      description:
        'A read-only JSON API over the Oficina Norte catalog. Every response, errors included, is an envelope carrying request metadata (request_id, timestamp, method, path, query) around its payload. Errors follow RFC 9457 with a stable code (not_found, unknown_parameter, invalid_parameter, repeated_parameter, too_long, method_not_allowed, internal_error, unavailable, rate_limited, invalid_request, too_large, uri_too_long, not_implemented, version_not_supported).',
      contact: { name: 'Oficina Norte', email: 'hello@oficinanorte.dev' },
      license: { name: 'CC BY 4.0', identifier: 'CC-BY-4.0' },
    });
    expect(document.security).toEqual([]);
  });

  it('lists the tags in route order, each described once', () => {
    expect(contract().tags?.map((tag) => tag.name)).toEqual([
      'Meta',
      'Profile',
      'Catalog',
      'Discovery',
      'Portfolio',
      'Categories',
      'Capabilities',
      'Stacks',
      'Projects',
      'Operations',
      'Journeys',
      'Trust',
    ]);
    expect(contract().tags?.[0]).toEqual({ name: 'Meta', description: 'The service itself: its health and this contract.' });
  });
});
