/**
 * Astro integration: writes dist/build.json, the inputs the build was made from (see build-inputs.ts),
 * hashed when the build starts, so a file edited during the build makes the record stale, not right.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { BUILD_RECORD, buildInputs, type BuildInputs } from './build-inputs.ts';

export default function buildRecord(): AstroIntegration {
  let root = '';
  let outDir: URL;
  let inputs: BuildInputs | undefined;
  return {
    name: 'build-record',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        outDir = config.outDir;
      },
      'astro:build:start': () => {
        inputs = buildInputs(root);
      },
      'astro:build:done': ({ logger }) => {
        if (!inputs) throw new Error('build-record: astro:build:start did not run');
        writeFileSync(new URL(BUILD_RECORD, outDir), `${JSON.stringify(inputs, null, 1)}\n`);
        logger.info(`build ${inputs.id} recorded in ${BUILD_RECORD}`);
      },
    },
  };
}
