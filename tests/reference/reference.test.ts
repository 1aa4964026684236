/**
 * The API reference's builders, without a build: the contract view covers every route, every
 * example is a real response that matches the contract (and a mismatch is refused), every error
 * code but internal_error has a request that really produces it, and abridging says what it cut.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/schemas/errors.ts';
import { ROUTES } from '../../src/routes/routes.ts';
import { abridgeJson, abridgeToFit, NO_LIMITS } from '../../src/reference/abridge.ts';
import { EXAMPLE_REQUEST_ID, ExampleRecorder } from '../../src/reference/examples.ts';
import { errorExampleRequests } from '../../src/reference/errors.ts';
import { referenceModel } from '../../src/reference/model.ts';
import { testCatalog, testContract } from '../support/contract.ts';

const tags = referenceModel(testContract());
const operations = tags.flatMap((tag) => tag.operations);

describe('the reference model', () => {
  it('lists every route once, under its tag, with a description for every tag', () => {
    expect(operations.map((operation) => operation.id).toSorted()).toEqual(ROUTES.map((route) => route.id).toSorted());
    for (const route of ROUTES)
      expect(tags.find((tag) => tag.name === route.tag)?.operations.map((operation) => operation.id)).toContain(route.id);
    for (const tag of tags) expect(tag.description).not.toBe('');
  });

  it('fills path parameters and the first filter with their contract examples', () => {
    for (const operation of operations) {
      expect(operation.exampleUrl).not.toMatch(/[{}]/);
      expect(operation.exampleUrl.startsWith(operation.path.split('{')[0]!)).toBe(true);
    }
  });
});

describe('example exchanges', () => {
  const recorder = new ExampleRecorder(testContract(), testCatalog());

  it.each(operations.map((operation) => [operation.id, operation] as const))(
    '%s: a real 200 envelope for its example URL',
    (_id, operation) => {
      const exchange = recorder.record(operation.path, operation.exampleUrl);
      expect(exchange.status).toBe(200);
      expect(exchange.curl).toMatch(new RegExp(`^curl -sS '[^']+${RegExp.escape(operation.exampleUrl)}'$`));
      expect(exchange.body.text).toContain(`"request_id": "${EXAMPLE_REQUEST_ID}"`);
    },
  );

  it('refuses a response that does not match its contract schema', () => {
    const contract = structuredClone(testContract());
    const health = contract.components!.schemas!['HealthPayload'] as { properties: Record<string, unknown> };
    health.properties['status'] = { const: 'degraded' };
    const strict = new ExampleRecorder(contract, testCatalog());
    const route = ROUTES.find((item) => item.id === 'getHealth')!;
    expect(() => strict.record(route.path, route.path)).toThrow(/does not match the contract/);
  });

  // Answered before any route: by the server for a malformed request, by nginx for what it refuses itself.
  const BEFORE_ANY_ROUTE: readonly string[] = ['invalid_request', 'too_large', 'uri_too_long', 'not_implemented', 'version_not_supported'];
  it('produces every error code but internal_error, unavailable (a draining process), rate_limited (a client over its quota) and those answered before any route from a real request', () => {
    const requests = errorExampleRequests(tags);
    expect(requests.map((request) => request.code)).toEqual(
      ERROR_CODES.filter(
        (code) => code !== 'internal_error' && code !== 'unavailable' && code !== 'rate_limited' && !BEFORE_ANY_ROUTE.includes(code),
      ),
    );
    for (const request of requests) {
      const exchange = recorder.record(request.path, request.url, request.method, NO_LIMITS);
      expect(exchange.body.abridged).toBe(false);
      const body = JSON.parse(exchange.body.text) as { error: { code: string; type: string } };
      expect(body.error.code).toBe(request.code);
      expect(body.error.type).toBe(`/openapi/#error-${request.code}`);
    }
  });
});

describe('abridgeJson', () => {
  it('prints small values as plain JSON', () => {
    const value = { a: [1, 2], b: { c: null, d: 'text' } };
    expect(abridgeJson(value)).toEqual({ text: JSON.stringify(value, null, 2), abridged: false });
  });

  it('keeps the first items of a long list and says how many it left out', () => {
    const { text, abridged } = abridgeJson({ items: [1, 2, 3, 4, 5] }, { items: 2, members: 10, depth: 5 });
    expect(abridged).toBe(true);
    expect(text).toMatchInlineSnapshot(`
      "{
        "items": [
          1,
          2,
          /* … 3 more items */
        ]
      }"
    `);
  });

  it('cuts wide maps and collapses deep values, marking both', () => {
    const wide = Object.fromEntries(Array.from({ length: 6 }, (_, index) => [`k${index}`, index]));
    expect(abridgeJson(wide, { items: 2, members: 3, depth: 5 }).text).toContain('/* … 3 more members */');
    expect(abridgeJson({ a: { b: { c: 1 } } }, { items: 2, members: 3, depth: 2 }).text).toContain('"b": { /* 1 member */ }');
  });

  it('collapses one level shallower at a time until an example fits', () => {
    const deep = { a: { b: { c: { d: { e: 'x'.repeat(50) } } } } };
    const fitted = abridgeToFit(deep, { items: 2, members: 3, depth: 6 }, 60);
    expect(fitted.text.length).toBeLessThanOrEqual(60);
    expect(fitted.text).toContain('/* 1 member */');
    expect(abridgeToFit(deep, { items: 2, members: 3, depth: 6 }, 1000)).toEqual({ text: JSON.stringify(deep, null, 2), abridged: false });
  });
});
