/**
 * The build id covers the catalog the build reads: with CONTENT_DIR, that folder's files (keyed as
 * content/…), so a build of another catalog is never taken for the default one (ensure-build's
 * freshness, npm run release's reuse of a kept build).
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInputs, staleReasons } from '../../src/integrations/build-inputs.ts';

const root = process.cwd();
const copy = mkdtempSync(join(tmpdir(), 'content-copy-'));
cpSync(join(root, 'content'), copy, { recursive: true });
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('buildInputs with CONTENT_DIR', () => {
  it('is the same id for the same catalog wherever it lies', () => {
    expect(buildInputs(root, { CONTENT_DIR: copy }).id).toBe(buildInputs(root, {}).id);
  });

  it('names a changed entry of that catalog, and changes the id', () => {
    writeFileSync(join(copy, 'stacks/astro.yaml'), 'slug: astro\n');
    const changed = buildInputs(root, { CONTENT_DIR: copy });
    expect(changed.id).not.toBe(buildInputs(root, {}).id);
    expect(staleReasons(buildInputs(root, {}), changed)).toEqual(['1 changed: content/stacks/astro.yaml']);
  });
});
