/**
 * The headers each operation documents, against the pinned table (tests/support/route-tables.ts):
 * a header dropped from the contract, or added without a test saying so, fails here.
 */
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/routes/routes.ts';
import { testContract } from '../support/contract.ts';
import { expectedHeaders } from '../support/route-tables.ts';

describe.each(ROUTES.map((route) => ({ id: route.id, route })))('$id', ({ route }) => {
  const responses = Object.entries(testContract().paths?.[route.path]?.get?.responses ?? {});

  it('documents 200, 304 and the error statuses', () => {
    expect(responses.map(([status]) => status)).toEqual(expect.arrayContaining(['200', '304', '400', '404', '405']));
  });

  it.each(responses.map(([status, response]) => ({ status, response })))(
    'documents the pinned headers for $status',
    ({ status, response }) => {
      const documented = Object.keys((response as { headers?: Record<string, unknown> }).headers ?? {}).sort();
      expect(documented).toEqual(expectedHeaders(route.id, Number(status)).sort());
    },
  );
});
