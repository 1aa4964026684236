/** Builds and writes the generated artifacts of `site:export`: the nine exports, llms.txt, robots.txt. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { EXPORT_ROUTES, ROUTES } from '../../src/api/routes.ts';
import type { Catalog } from '../../src/catalog/catalog.ts';
import { defaultPayloadJson, exportPath } from '../../src/discovery/exports.ts';
import { buildLlmsTxt, buildRobotsTxt } from '../../src/discovery/llms-txt.ts';
import { siteUrl } from '../../src/site.ts';

/** The folder site:export owns; it is recreated on every run. */
export const GENERATED_DIR = 'generated';

/** The artifacts as public path → exact text, in a stable order. */
export function buildArtifacts(catalog: Catalog, base = siteUrl()): Map<string, string> {
  return new Map([
    ...EXPORT_ROUTES.map((route): [string, string] => [exportPath(route.exportFile), defaultPayloadJson(route, ROUTES, catalog)]),
    ['/llms.txt', buildLlmsTxt(ROUTES, catalog, base)],
    ['/robots.txt', buildRobotsTxt(base)],
  ]);
}

/** Writes every artifact under `outDir` (recreated) and returns their public paths. */
export function writeArtifacts(catalog: Catalog, outDir = GENERATED_DIR): string[] {
  rmSync(outDir, { recursive: true, force: true });
  const artifacts = buildArtifacts(catalog);
  for (const [path, text] of artifacts) {
    const target = join(outDir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  return [...artifacts.keys()];
}
