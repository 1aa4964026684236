/** Which build the bench runs: an existing dist, or one it builds from a content folder or a synthetic K× catalog. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { contentDir } from '../../src/catalog/content-dir.ts';
import { readContentFolder } from '../../src/catalog/load-files.ts';
import { ASTRO_BIN } from '../lib/astro-bin.ts';
import { synthesize, writeCollections } from '../lib/synth.ts';
import type { BenchRun } from './bench-run.ts';
import { UsageError, type BenchOptions } from './options.ts';

/** Builds `content` into a temporary dist; returns the dist and the build's wall time. */
export function buildFrom(bench: BenchRun, content: string): { distDir: string; seconds: number } {
  const distDir = join(bench.workDir, 'dist');
  console.error(`bench: building ${content} into ${distDir}...`);
  const startedAt = performance.now();
  const build = spawnSync(process.execPath, [ASTRO_BIN, 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, CONTENT_DIR: content, DIST_DIR: distDir, ASTRO_TELEMETRY_DISABLED: '1' },
    timeout: 600_000,
  });
  if (build.status !== 0) throw new Error(`astro build failed (${build.error?.message ?? build.status ?? build.signal})`);
  return { distDir, seconds: (performance.now() - startedAt) / 1000 };
}

/** Which build to bench: a synthetic K× catalog, a content folder, or an existing dist. */
export function chooseBuild(bench: BenchRun, options: BenchOptions): { distDir: string; label: string; buildSeconds?: number } {
  if (options.scale) {
    const { scale } = options;
    const content = join(bench.workDir, 'content');
    const written = writeCollections(synthesize(readContentFolder(contentDir()), scale), content, `${scale}× the catalog for a benchmark`);
    console.error(`bench: synthesized ${written} entries (${scale}×) in ${content}`);
    const { distDir, seconds } = buildFrom(bench, content);
    return { distDir, label: `${scale}× synthetic catalog`, buildSeconds: seconds };
  }
  const dist = options.dist ?? process.env['DIST_DIR'];
  const content = options.content ?? (dist ? undefined : process.env['CONTENT_DIR']);
  if (content) {
    const { distDir, seconds } = buildFrom(bench, resolve(content));
    return { distDir, label: `content from ${content}`, buildSeconds: seconds };
  }
  const distDir = resolve(dist ?? 'dist');
  if (!existsSync(join(distDir, 'server', 'entry.mjs'))) {
    throw new UsageError(`bench: no build in ${distDir}; run \`npm run build\` first (or pass --scale, --content or --dist)`);
  }
  return { distDir, label: `build in ${dist ?? 'dist'}` };
}
