/**
 * Where the catalog's YAML lives. `CONTENT_DIR` points the build, site:export and the scripts at
 * another folder (a synthetic 100× catalog for benchmarks); the default is content/ in the
 * working directory, which npm scripts set to the project root.
 */
import { relative, resolve } from 'node:path';

/** The folder editors use, relative to the project root. */
export const DEFAULT_CONTENT_DIR = 'content';

/** Absolute path of the content folder for this process. */
export function contentDir(): string {
  return resolve(process.env['CONTENT_DIR'] || DEFAULT_CONTENT_DIR);
}

/** A folder as messages name it: from `root` with forward slashes, such as `content/projects/`. */
export function displayPath(path: string, root = process.cwd()): string {
  return `${relative(root, path).split('\\').join('/')}/`;
}
