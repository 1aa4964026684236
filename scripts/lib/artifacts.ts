/** Builds and writes the generated artifacts of `site:export`: the nine exports, llms.txt, robots.txt. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defaultPayloadJson } from '../../src/api/handlers.ts';
import { EXPORT_ROUTES } from '../../src/routes/routes.ts';
import { exportPath } from '../../src/routes/urls.ts';
import type { Catalog } from '../../src/catalog/catalog.ts';
import { buildLlmsTxt, LLMS_TXT_PATH } from '../../src/discovery/llms-txt.ts';
import { buildRobotsTxt } from '../../src/discovery/robots-txt.ts';
import { siteUrl } from '../../src/site/config.ts';

/** The folder site:export owns; it is recreated on every run. */
export const GENERATED_DIR = 'generated';

/** The artifacts as public path → exact text, in a stable order. */
export function buildArtifacts(catalog: Catalog, base = siteUrl()): Map<string, string> {
  return new Map([
    ...EXPORT_ROUTES.map((route): [string, string] => [exportPath(route.exportFile), defaultPayloadJson(route, catalog)]),
    [LLMS_TXT_PATH, buildLlmsTxt(catalog, base)],
    ['/robots.txt', buildRobotsTxt(catalog, base)],
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
