/**
 * A worker's heap limit follows what it holds: the JSON files beside the API bundle (parsed into
 * its heap at about twice their size), the byte budget, and a fixed base.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { workerHeapPlan } from '../../server/heap-limit.ts';

const dist = mkdtempSync(join(tmpdir(), 'heap-plan-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
mkdirSync(join(dist, 'server/api'), { recursive: true });
writeFileSync(join(dist, 'server/api/catalog-snapshot.json'), Buffer.alloc(3 * 1024 * 1024, 0x20));
writeFileSync(join(dist, 'server/api/payload-store.json'), Buffer.alloc(1024 * 1024, 0x20));
// Bytes the worker reads from the file, never into its heap, and code: not the share.
writeFileSync(join(dist, 'server/api/payload-store.bin'), Buffer.alloc(8 * 1024 * 1024));
writeFileSync(join(dist, 'server/api/handler.mjs'), Buffer.alloc(1024 * 1024, 0x20));
const distUrl = pathToFileURL(`${dist}/`);

describe('workerHeapPlan', () => {
  it('counts twice the JSON files beside the bundle, the budget and a base of 64 MB', () => {
    expect(workerHeapPlan(distUrl, 128)).toEqual({ shareMb: 8, budgetMb: 128, limitMb: 64 + 8 + 128 });
    expect(workerHeapPlan(distUrl, 16)).toEqual({ shareMb: 8, budgetMb: 16, limitMb: 64 + 8 + 16 });
    expect(workerHeapPlan(distUrl, 0.5).budgetMb).toBe(1);
  });

  it('plans no share for a build without its API folder (its worker fails to start and says why)', () => {
    expect(workerHeapPlan(pathToFileURL(`${join(dist, 'server/api')}/`), 128)).toEqual({ shareMb: 0, budgetMb: 128, limitMb: 64 + 128 });
  });
});
