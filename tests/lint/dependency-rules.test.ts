/**
 * The structure rules of the lint gate (.dependency-cruiser.cjs, run by `npm run lint`), through
 * dependency-cruiser's own API: a fixture tree with a cycle and backwards imports gets exactly the
 * rule names it breaks, and the real project breaks none.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cruise, type ICruiseOptions, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';

/** A small tree laid out like the project (src/schemas, src/catalog, src/api, ...), outside every real lint path. */
const FIXTURE = 'tests/fixtures/dependency-rules';

/**
 * The paths npm run lint cruises (its lint:code part), read from package.json so the two cannot drift
 * apart: every folder of project code that imports another.
 */
const lintPaths = (): string[] => {
  const lint = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts['lint:code'] ?? '';
  return /depcruise (.+?) --config/.exec(lint)?.[1]?.split(' ') ?? [];
};

let options: ICruiseOptions;
beforeAll(async () => {
  options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
});

/** Each violation as [rule, from, to], sorted. */
const found = (violations: readonly IViolation[]): string[][] =>
  violations.map((violation) => [violation.rule.name, violation.from, violation.to]).sort();

describe('the dependency rules', () => {
  it('report the cycle and each backwards import of the fixture, by rule name', async () => {
    const { output } = await cruise(lintPaths(), { ...options, baseDir: FIXTURE });
    if (typeof output === 'string') throw new Error('expected a cruise result, got formatted output');
    expect(found(output.summary.violations)).toEqual([
      ['build-config-runs-only-the-nginx-generator', 'astro.config.mjs', 'server/worker.mjs'],
      ['catalog-is-upstream', 'src/catalog/reads-handlers.ts', 'src/api/handlers.ts'],
      ['deploy-reads-only-what-nginx-repeats', 'deploy/nginx/generate.mjs', 'server/app.ts'],
      ['no-circular', 'src/site/first.ts', 'src/site/second.ts'],
      ['outputs-do-not-import-the-build', 'src/workbench/panel.ts', 'src/pages/page.ts'],
      ['outputs-side-by-side', 'src/api/reads-workbench.ts', 'src/workbench/panel.ts'],
      ['outputs-side-by-side', 'src/discovery/reads-handlers.ts', 'src/api/handlers.ts'],
      ['route-table-is-data', 'src/routes/reads-catalog.ts', 'src/catalog/clean.ts'],
      ['schemas-import-only-schemas', 'src/schemas/reads-catalog.ts', 'src/catalog/clean.ts'],
      ['scripts-do-not-import-server', 'scripts/tool.ts', 'server/worker.mjs'],
      ['server-does-not-import-tools', 'server/app.ts', 'scripts/tool.ts'],
      ['src-does-not-import-server-or-tools', 'src/api/reads-deploy.ts', 'deploy/nginx/generate.mjs'],
    ]);
    // The allowed imports (catalog → schemas, route table → schemas, handlers → catalog, the reference →
    // the API's public respond.ts, the build → the nginx generator → a server module nginx repeats, a
    // script → a schema) are cruised and pass.
    expect(output.summary.totalCruised).toBe(22);
  });

  it('name only paths that exist: every path pattern of every rule matches a file of the project', () => {
    const files = execFileSync('git', ['ls-files', ...lintPaths()], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    type Side = { path?: string | string[]; pathNot?: string | string[] };
    const patterns = (options.ruleSet?.forbidden ?? []).flatMap((rule) =>
      [rule.from, (rule as { to?: Side }).to ?? {}].flatMap((side: Side) => [side.path ?? [], side.pathNot ?? []].flat()),
    );
    expect(patterns.length).toBeGreaterThan(10);
    // '$1' refers back to the folder the rule's `from` matched: any folder name stands in for it here.
    for (const pattern of patterns.map((pattern) => pattern.replaceAll('$1', '[^/]+')))
      expect(
        files.some((file) => new RegExp(pattern).test(file)),
        pattern,
      ).toBe(true);
  });

  it('find nothing in the paths npm run lint cruises, and no two folders import each other', async () => {
    const paths = lintPaths();
    // Every file outside tests/ that imports project code: the build's config and the nginx generator too.
    expect(paths).toEqual(expect.arrayContaining(['src', 'server', 'scripts', 'deploy', 'astro.config.mjs']));
    const { output } = await cruise(paths, options, undefined, { tsConfig: extractTSConfig('tsconfig.json') });
    if (typeof output === 'string') throw new Error('expected a cruise result, got formatted output');
    expect(found(output.summary.violations)).toEqual([]);
    expect(output.summary.totalCruised).toBeGreaterThan(100);

    // Folder to folder (src/<folder>, server, scripts): a pair that imports both ways is two layers in one.
    const folder = (path: string): string => /^src\/[^/]+\//.exec(path)?.[0] ?? path.split('/')[0] ?? path;
    const edges = new Set(
      output.modules.flatMap((module) =>
        module.dependencies
          .filter((dependency) => !dependency.coreModule && !dependency.resolved.startsWith('node_modules/'))
          .map((dependency) => `${folder(module.source)} -> ${folder(dependency.resolved)}`),
      ),
    );
    const both = [...edges].filter((edge) => {
      const [from, to] = edge.split(' -> ');
      return from !== to && edges.has(`${to} -> ${from}`) && (from ?? '') < (to ?? '');
    });
    expect(both).toEqual([]);
  });
});
