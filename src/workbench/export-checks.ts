/** Checks of a static export: valid JSON that equals the payload of its source endpoint. */
import { deepCompareStrict } from '@cfworker/json-schema';
import { fail, isRecord, pass } from './check.ts';
import { firstDifference } from './first-difference.ts';
import type { Check, Fetched } from './types.ts';

/** The source endpoint of an export, from the discovery inventory (`api_url`) cross-checked with the audit (`source`). */
export function exportSource(path: string, discovery: unknown, audit: unknown): { source: string } | { problem: string } {
  const listed = (payload: unknown, key: string): unknown[] => (isRecord(payload) && Array.isArray(payload[key]) ? payload[key] : []);
  const fromDiscovery = listed(discovery, 'items').find((item) => isRecord(item) && item['kind'] === 'export' && item['url'] === path);
  const fromAudit = listed(audit, 'exports').find((item) => isRecord(item) && item['path'] === path);
  const discoverySource = isRecord(fromDiscovery) && typeof fromDiscovery['api_url'] === 'string' ? fromDiscovery['api_url'] : undefined;
  const auditSource = isRecord(fromAudit) && typeof fromAudit['source'] === 'string' ? fromAudit['source'] : undefined;
  if (discoverySource !== undefined && auditSource !== undefined && discoverySource !== auditSource) {
    return { problem: `discovery names ${discoverySource} as its source, the audit ${auditSource}` };
  }
  const source = discoverySource ?? auditSource;
  return source === undefined ? { problem: 'neither discovery nor the audit names its source endpoint' } : { source };
}

/** The JSON check of an export. */
export function jsonCheck(fetched: Fetched): Check {
  return fetched.json !== undefined ? pass('JSON', 'valid JSON') : fail('JSON', `not valid JSON: ${fetched.error ?? 'empty body'}`);
}

/** The equality check: the export equals its endpoint's payload, deeply. */
export function equalsSourceCheck(exported: unknown, source: string, sourceBody: unknown): Check {
  const name = 'equals its endpoint';
  if (!isRecord(sourceBody) || !Object.hasOwn(sourceBody, 'payload')) return fail(name, `${source} gave no payload to compare with`);
  const payload = sourceBody['payload'];
  if (deepCompareStrict(exported, payload)) return pass(name, `equals the payload of ${source}`);
  return fail(name, `differs from the payload of ${source} at ${firstDifference(exported, payload) ?? 'an unknown place'}`);
}
