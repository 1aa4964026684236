/** Writes the editor files (collection JSON Schemas, .vscode/settings.json) that site:export keeps current. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Writes each file whose text changed; returns the paths written. */
export function writeEditorFiles(files: Map<string, string>, root = process.cwd()): string[] {
  const written: string[] = [];
  for (const [path, text] of files) {
    const target = join(root, path);
    if (existsSync(target) && readFileSync(target, 'utf8') === text) continue;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    written.push(path);
  }
  return written;
}
