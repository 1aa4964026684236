/**
 * What the consumer-tool suites share: the commands docs/api.md gives (run as written, the
 * documented origin and port pointed at the test's own), a working folder inside the repository
 * (so `npx` finds the pinned tools), and a tool process started and stopped by its own id.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { CONTRACT_DOCUMENT_PATH } from '../../src/routes/urls.ts';

/** The origin the docs address (`npm start`'s default). */
export const DOCUMENTED_ORIGIN = 'http://localhost:4321';
/** The port the docs give Prism. */
export const DOCUMENTED_PRISM_PORT = '4010';

const root = process.cwd();
const fences = new MarkdownIt()
  .parse(readFileSync(join(root, 'docs/api.md'), 'utf8'), {})
  .filter((token) => token.type === 'fence')
  .map((token) => ({ info: token.info.trim(), code: token.content }));

/** The one line of a shell block in docs/api.md that starts with `start`, with the origin pointed at `baseUrl`. */
export function documentedCommand(start: string, baseUrl: string): string {
  const lines = fences.filter((fence) => fence.info.startsWith('sh')).flatMap((fence) => fence.code.split('\n'));
  const found = lines.filter((line) => line.startsWith(start));
  if (found.length !== 1) throw new Error(`docs/api.md has ${found.length} commands starting "${start}"; expected 1`);
  return pointAt(found[0]!, baseUrl);
}

/** The one `lang` block of docs/api.md that holds `marker`, pointed at `baseUrl`. */
export function documentedBlock(lang: string, marker: string, baseUrl: string): string {
  const found = fences.filter((fence) => fence.info === lang && fence.code.includes(marker));
  if (found.length !== 1) throw new Error(`docs/api.md has ${found.length} ${lang} blocks holding "${marker}"; expected 1`);
  return pointAt(found[0]!.code, baseUrl);
}

function pointAt(text: string, baseUrl: string): string {
  return text.replaceAll(DOCUMENTED_ORIGIN, baseUrl.replace(/\/$/, ''));
}

/** The bare contract's URL on the test's server: what every documented command must name. */
export function documentUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/$/, '')}${CONTRACT_DOCUMENT_PATH}`;
}

/** A fresh, empty working folder under .tmp/ (ignored by git), for one suite. */
export function workFolder(name: string): string {
  const folder = join(root, '.tmp', 'consumers', `${name}-${process.pid}`);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  return folder;
}

/** A tool started from a command line in its own process group, so stop() ends it and its children. */
export interface Tool {
  child: ChildProcess;
  output: () => string;
  stop: () => void;
}

/** Starts `command` with bash in `cwd`; resolves once its output holds `ready`, rejects when it exits first or times out. */
export function startTool(command: string, cwd: string, ready: string, timeoutMs = 60_000): Promise<Tool> {
  const child = spawn('bash', ['-c', `exec ${command}`], { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const stop = () => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`${command} did not print "${ready}" in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve({ child, output: () => output, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited (${code}) before it was ready:\n${output}`));
    });
  });
}
