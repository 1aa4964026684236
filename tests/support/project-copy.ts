/**
 * A copy of this project in another folder, for builds that must not depend on where they are
 * made. Inside .tmp/ (same file system, ignored by git and the linters): node_modules is hard-linked
 * (fast, and real paths inside the copy, as a fresh `npm ci` gives), except the tools' caches, which
 * a build writes to and which must stay the copy's own.
 */
import { copyFileSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

/** Not copied: outputs, caches, version control. */
const SKIPPED = new Set(['node_modules', 'dist', '.git', '.tmp', '.astro', 'generated', 'test-results', 'playwright-report']);
/** Caches inside node_modules that builds write to. */
const NOT_LINKED = new Set(['.astro', '.vite', '.cache']);

/** Copies (or hard-links) a folder tree; symlinks stay symlinks. */
function copyTree(from: string, to: string, link: boolean, skip: Set<string>): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else if (entry.isDirectory()) copyTree(source, target, link, new Set());
    else if (link) linkSync(source, target);
    else copyFileSync(source, target);
  }
}

/** Copies the project at `root` (the working tree as it is) into a new folder under root/.tmp; returns the folder. */
export function copyProject(root: string): string {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const copy = mkdtempSync(join(root, '.tmp', 'project-copy-'));
  copyTree(root, copy, false, SKIPPED);
  copyTree(join(root, 'node_modules'), join(copy, 'node_modules'), true, NOT_LINKED);
  return copy;
}
