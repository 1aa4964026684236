/**
 * What a build is made of: the files of content/, src/ and public/, the configuration files and
 * SITE_URL (every absolute URL in the build comes from it). Their hash is the build id: recorded in
 * dist/build.json by the build-record integration, reported by /api/health, and compared by
 * scripts/ensure-build.ts to rebuild a stale dist/. Paths are relative with forward slashes, so the
 * id does not depend on where the project sits.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { siteUrl } from '../site/config.ts';

/** Folders whose every file is an input. */
export const INPUT_FOLDERS = ['content', 'src', 'public'] as const;
/** Configuration files that shape the build. */
export const INPUT_FILES = ['astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'] as const;

/** The inputs of a build: file path → SHA-256 of its bytes, and the SITE_URL it was built for. */
export interface BuildInputs {
  /** Short hash over every file hash and the site URL. */
  id: string;
  siteUrl: string;
  files: Record<string, string>;
}

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/**
 * Every input file of the project at `root`, as [relative path with forward slashes, file], sorted.
 * The content folder is the one the build reads (CONTENT_DIR, else content/), keyed as content/…, so
 * a build of another catalog never has the id of the default one.
 */
function inputFiles(root: string, env: Record<string, string | undefined>): [string, string][] {
  const files: [string, string][] = INPUT_FILES.filter((file) => existsSync(join(root, file))).map((file) => [file, join(root, file)]);
  for (const folder of INPUT_FOLDERS) {
    const source = folder === 'content' && env['CONTENT_DIR'] ? resolve(env['CONTENT_DIR']) : join(root, folder);
    if (!existsSync(source)) continue;
    for (const entry of readdirSync(source, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = join(entry.parentPath, entry.name);
      files.push([`${folder}/${relative(source, file).split(sep).join('/')}`, file]);
    }
  }
  return files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Hashes the inputs of the project at `root` for the SITE_URL and CONTENT_DIR of `env`. */
export function buildInputs(root: string, env: Record<string, string | undefined> = process.env): BuildInputs {
  const files: Record<string, string> = {};
  for (const [path, file] of inputFiles(root, env)) files[path] = sha256(readFileSync(file));
  const url = siteUrl(env);
  const id = sha256(
    `${url}\n${Object.entries(files)
      .map(([path, hash]) => `${hash}  ${path}\n`)
      .join('')}`,
  ).slice(0, 16);
  return { id, siteUrl: url, files };
}

/** Why `recorded` does not describe `current`, one reason per line; empty when it does. */
export function staleReasons(recorded: BuildInputs, current: BuildInputs): string[] {
  const reasons: string[] = [];
  if (recorded.siteUrl !== current.siteUrl) reasons.push(`SITE_URL changed from ${recorded.siteUrl} to ${current.siteUrl}`);
  const list = (label: string, paths: string[]) => {
    if (paths.length > 0) reasons.push(`${paths.length} ${label}: ${paths.slice(0, 5).join(', ')}${paths.length > 5 ? ', …' : ''}`);
  };
  const before = Object.keys(recorded.files);
  const now = Object.keys(current.files);
  list(
    'changed',
    now.filter((path) => path in recorded.files && recorded.files[path] !== current.files[path]),
  );
  list(
    'added',
    now.filter((path) => !(path in recorded.files)),
  );
  list(
    'removed',
    before.filter((path) => !(path in current.files)),
  );
  return reasons;
}

/** Name of the record written into the build folder (beside client/ and server/, never served). */
export const BUILD_RECORD = 'build.json';
