/** The checks of a static export: its source endpoint, valid JSON, and equality with that endpoint's payload. */
import { describe, expect, it } from 'vitest';
import { equalsSourceCheck, exportSource, jsonCheck } from '../../src/workbench/export-checks.ts';
import { fetched } from '../support/fetched.ts';

/** Discovery and audit payloads that name `source` for the export `/files/things.json`. */
const discoveryNaming = (source: string) => ({ items: [{ kind: 'export', url: '/files/things.json', api_url: source }] });
const auditNaming = (source: string) => ({ exports: [{ path: '/files/things.json', source }] });

describe('exportSource', () => {
  it('takes the source both discovery and the audit name', () => {
    expect(exportSource('/files/things.json', discoveryNaming('/v9/things'), auditNaming('/v9/things'))).toEqual({ source: '/v9/things' });
  });

  it('takes the source either one names when the other is silent', () => {
    expect(exportSource('/files/things.json', undefined, auditNaming('/v9/things'))).toEqual({ source: '/v9/things' });
    expect(exportSource('/files/things.json', discoveryNaming('/v9/things'), { exports: [] })).toEqual({ source: '/v9/things' });
  });

  it('reports a disagreement, and a silence on both sides', () => {
    expect(exportSource('/files/things.json', discoveryNaming('/v9/things'), auditNaming('/v9/other'))).toEqual({
      problem: 'discovery names /v9/things as its source, the audit /v9/other',
    });
    expect(exportSource('/files/other.json', discoveryNaming('/v9/things'), auditNaming('/v9/things'))).toEqual({
      problem: 'neither discovery nor the audit names its source endpoint',
    });
  });

  it('ignores discovery items that are not exports', () => {
    const page = { items: [{ kind: 'page', url: '/files/things.json', api_url: '/v9/pages' }] };
    expect(exportSource('/files/things.json', page, auditNaming('/v9/things'))).toEqual({ source: '/v9/things' });
  });
});

describe('jsonCheck', () => {
  it('passes JSON and names the parse error otherwise', () => {
    expect(jsonCheck(fetched('/files/things.json', '{"count":0}'))).toEqual({ name: 'JSON', ok: true, reason: 'valid JSON' });
    const broken = jsonCheck(fetched('/files/things.json', '{"count":'));
    expect(broken.ok).toBe(false);
    expect(broken.reason).toMatch(/^not valid JSON: .+/);
    expect(jsonCheck(fetched('/files/things.json', '')).ok).toBe(false);
  });
});

describe('equalsSourceCheck', () => {
  const payload = { count: 2, items: [{ slug: 'a' }, { slug: 'b' }] };

  it('passes an export equal to the payload, whatever the key order', () => {
    const reordered = { items: [{ slug: 'a' }, { slug: 'b' }], count: 2 };
    expect(equalsSourceCheck(reordered, '/v9/things', { request_id: 'x', payload })).toEqual({
      name: 'equals its endpoint',
      ok: true,
      reason: 'equals the payload of /v9/things',
    });
  });

  it('says where an export first differs from the payload', () => {
    expect(equalsSourceCheck({ ...payload, count: -1 }, '/v9/things', { payload }).reason).toBe(
      'differs from the payload of /v9/things at count: -1 ≠ 2',
    );
    expect(equalsSourceCheck({ ...payload, items: [{ slug: 'a' }] }, '/v9/things', { payload }).reason).toBe(
      'differs from the payload of /v9/things at items: 1 items ≠ 2 items',
    );
  });

  it('fails when the source gave no envelope with a payload', () => {
    expect(equalsSourceCheck(payload, '/v9/things', { error: {} })).toEqual({
      name: 'equals its endpoint',
      ok: false,
      reason: '/v9/things gave no payload to compare with',
    });
    expect(equalsSourceCheck(payload, '/v9/things', undefined).ok).toBe(false);
  });
});
