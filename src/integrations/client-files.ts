/**
 * Astro integration, last: writes the list of dist/client's files beside it, which the server reads
 * at start instead of walking the folder (server/load-build.ts), so a worker's start does not grow
 * with the number of files.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The list, in dist/: every file of dist/client as a `/`-prefixed path, one a line, sorted. */
export const CLIENT_FILES = 'client-files.txt';

/** Every file under a folder, as absolute paths. */
export function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

export default function clientFiles(): AstroIntegration {
  return {
    name: 'client-files',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const clientDir = fileURLToPath(dir);
        const files = filesUnder(clientDir).map((file) => `/${relative(clientDir, file)}`);
        writeFileSync(new URL(`../${CLIENT_FILES}`, dir), `${files.sort().join('\n')}\n`);
        logger.info(`listed ${files.length} files in ${CLIENT_FILES}`);
      },
    },
  };
}
