/** Checks across resources: discovery's URLs answer, discovery and the audit agree, the audit matches the contract. */
import { describe, expect, it } from 'vitest';
import { auditMatchesContractCheck, discoveryCountsCheck, discoveryUrlsCheck } from '../../src/workbench/inventory-checks.ts';

const item = (kind: string, url: string) => ({ kind, url });

describe('discoveryUrlsCheck', () => {
  it('asks each URL once, without its fragment, and passes when all answer 200', async () => {
    const asked: string[] = [];
    const head = async (url: string) => {
      asked.push(url);
      return '200';
    };
    const payload = { items: [item('page', '/'), item('page', '/a/#top'), item('page', '/a/'), item('export', '/files/x.json')] };
    expect(await discoveryUrlsCheck(payload, head)).toEqual({
      name: 'discovery URLs',
      ok: true,
      reason: 'all 3 URLs answer 200 to HEAD',
    });
    expect(asked.sort()).toEqual(['/', '/a/', '/files/x.json']);
  });

  it('names the first three failures and counts the rest', async () => {
    const payload = { items: ['/a', '/b', '/c', '/d', '/e', '/ok'].map((url) => item('page', url)) };
    const head = async (url: string) => (url === '/ok' ? '200' : url === '/b' ? 'no response' : '404');
    expect((await discoveryUrlsCheck(payload, head)).reason).toBe(
      '/a answers 404; /b answers no response; /c answers 404 and 2 more (5 of 6 URLs fail)',
    );
  });

  it('fails an inventory without URLs', async () => {
    expect(await discoveryUrlsCheck({ items: [] }, async () => '200')).toEqual({
      name: 'discovery URLs',
      ok: false,
      reason: 'the inventory lists no URL',
    });
  });
});

describe('discoveryCountsCheck', () => {
  const payload = {
    items: [item('page', '/'), item('page', '/a/'), item('endpoint', '/v9/x'), item('export', '/f.json'), item('stack', '/s/')],
  };

  it('passes when discovery counts what the audit counts', () => {
    expect(discoveryCountsCheck(payload, { counts: { pages: 2, endpoints: 1, exports: 1, operations: 9 } })).toEqual({
      name: 'counts match the audit',
      ok: true,
      reason: '2 pages, 1 endpoints, 1 exports',
    });
  });

  it('names every count that differs', () => {
    expect(discoveryCountsCheck(payload, { counts: { pages: 3, endpoints: 1, exports: 0 } }).reason).toBe(
      'pages: discovery 2, audit 3; exports: discovery 1, audit 0',
    );
  });

  it('fails without audit counts', () => {
    expect(discoveryCountsCheck(payload, {}).reason).toBe('the audit has no counts to compare with');
  });
});

describe('auditMatchesContractCheck', () => {
  const audit = {
    routes: [
      { kind: 'endpoint', path: '/v9/a' },
      { kind: 'endpoint', path: '/v9/b' },
      { kind: 'document', path: '/v9/c' },
    ],
  };

  it('passes when the endpoint routes are exactly the contract paths', () => {
    expect(auditMatchesContractCheck(audit, { paths: { '/v9/b': {}, '/v9/a': {} } })).toEqual({
      name: 'routes match the contract',
      ok: true,
      reason: "the 2 endpoint routes are the contract's paths",
    });
  });

  it('names the paths on one side only', () => {
    expect(auditMatchesContractCheck(audit, { paths: { '/v9/a': {}, '/v9/c': {} } }).reason).toBe(
      '/v9/c is in the contract, not in the audit; /v9/b is in the audit, not in the contract',
    );
  });
});
