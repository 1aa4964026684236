/**
 * Astro integration: keeps the build machine out of dist/, so two builds of the same commit in two
 * folders (or on two machines) are byte-identical.
 *
 * - Folders: Astro writes the absolute project root into the server build (the manifest's folders
 *   and component ids in entry.mjs, the image endpoint's folders in a chunk whose hash then
 *   cascades into ~30 chunk names). They are rewritten as if the project sat at `/`: every path
 *   keeps its place relative to the others, which is all the runtime uses (the Node adapter finds
 *   dist/client from the server entry's own location). The prerender environment keeps real paths:
 *   it runs during the build, from the build folder.
 * - Environment: Astro's env plugin replaces `import.meta.env.X` in server code with the caller's
 *   environment variable X when there is one, its own built-in keys included (a test runner sets
 *   DEV=1: development branches end up in the build); and it reads `import.meta.env?.PROD` (in its
 *   actions runtime) as a bare `import.meta.env`, inlining every variable whose name occurs in that
 *   module (`_`, `CI`, `PORT`). The build drops the variables named like the built-in keys and
 *   rewrites `?.` to `.`; this site reads no variable through import.meta.env. And NODE_ENV, which
 *   Vite inlines too, is "production" for a build, whatever the caller has.
 * - Key: Astro draws a random key per build (for server-island props and action results, which this
 *   site has neither of) into the manifest. Unless ASTRO_KEY is set, it is derived from the build
 *   inputs: set ASTRO_KEY to a secret, the same for every build, before adding either feature.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { filesUnder } from './client-files.ts';
import { buildInputs } from './build-inputs.ts';

/** Astro's own import.meta.env keys, which a same-named environment variable would override. */
const BUILT_IN_ENV_KEYS = ['DEV', 'PROD', 'MODE', 'SSR', 'SITE', 'BASE_URL', 'ASSETS_PREFIX'];

export default function portableBuild(): AstroIntegration {
  let root = '';
  let serverDir = '';
  let outDir = '';
  const relocate = (text: string): string => text.replaceAll(root, '/');
  return {
    name: 'portable-build',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        root = fileURLToPath(config.root);
        if (command === 'build') {
          process.env['NODE_ENV'] = 'production';
          for (const key of BUILT_IN_ENV_KEYS) delete process.env[key];
        }
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'portable-build:no-env-inlining',
                enforce: 'pre',
                transform: {
                  filter: { code: /import\.meta\.env\?\./ },
                  handler: (code) => ({ code: code.replaceAll('import.meta.env?.', 'import.meta.env.'), map: null }),
                },
              },
              {
                name: 'portable-build:relocate-chunks',
                // Before chunk hashes are computed, so names do not depend on the folder either.
                applyToEnvironment: (environment) => environment.name === 'ssr',
                renderChunk: (code) => (code.includes(root) ? { code: relocate(code), map: null } : null),
              },
            ],
          },
        });
      },
      'astro:config:done': ({ config }) => {
        serverDir = fileURLToPath(config.build.server);
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:start': () => {
        // Read by Astro right after this hook; a 256-bit AES key, base64-encoded.
        process.env['ASTRO_KEY'] ||= createHash('sha256')
          .update(`astro-key:${buildInputs(root).id}`)
          .digest('base64');
      },
      'astro:build:done': () => {
        // The manifest is injected into entry.mjs after the chunks are written.
        for (const file of filesUnder(serverDir)) {
          const text = readFileSync(file, 'utf8');
          if (text.includes(root)) writeFileSync(file, relocate(text));
        }
        const leaking = filesUnder(outDir).filter((file) => readFileSync(file).includes(root));
        if (leaking.length > 0) throw new Error(`portable-build: the build folder ${root} is still written in ${leaking.join(', ')}`);
      },
    },
  };
}
