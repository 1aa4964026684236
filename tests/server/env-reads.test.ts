/**
 * Configuration is read once: server/config.ts is the only module of the server, and of what the
 * server runs from src/ (the API, MCP and route table), that reads the environment. Every other
 * module gets its settings from the checked config object.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const FOLDERS = ['server', 'src/api', 'src/mcp', 'src/routes'];
const READER = 'server/config.ts';
/** process.env, process['env'], and env taken from node:process. */
const READS_ENV = /process\s*(\.\s*env\b|\[\s*['"`]env['"`]\s*\])|\{[^}]*\benv\b[^}]*\}\s*from\s*['"](node:)?process['"]/;

/** Files of `folder`, recursively. */
function filesOf(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(join(folder, entry.name)) : /\.(mjs|ts)$/.test(entry.name) ? [join(folder, entry.name)] : [],
  );
}

describe('environment reads', () => {
  it(`only ${READER} reads the environment`, () => {
    const readers = FOLDERS.flatMap(filesOf).filter((file) => READS_ENV.test(readFileSync(file, 'utf8')));
    expect(readers).toEqual([READER]);
  });

  it.each([
    "process.env['PORT']",
    'process.env.PORT',
    "process['env']",
    "import { env } from 'node:process';",
    "import { argv, env } from 'process';",
  ])('sees %s', (source) => {
    expect(READS_ENV.test(source)).toBe(true);
  });
});
