/**
 * The content-check integration against a stand-in for Astro's dev server, on a copy of content/:
 * what the terminal, the open pages, a page load, the API and a reconnecting page get while the
 * content is invalid, and after the first valid save. The browser test (tests/dev-mode/) runs the
 * real `npm run dev`; this one pins each answer without one.
 */
import { EventEmitter } from 'node:events';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import contentCheck from '../../src/integrations/content-check.ts';
import { apiUrl, entryApiUrl } from '../../src/routes/urls.ts';

type Handler = (req: object, res: object, next: () => void) => void;

const root = mkdtempSync(join(tmpdir(), 'content-check-'));
const file = join(root, 'content/stacks/nginx.yaml');
const sent: { type: string; err?: { message: string } }[] = [];
const listeners = new Map<string, (data: unknown, client: { send: (payload: unknown) => void }) => void>();
const middlewares: Handler[] = [];
const watcher = Object.assign(new EventEmitter(), { add: () => undefined });
const logger = { info: vi.fn(), error: vi.fn() };
let good = '';

/** One request through the integration's middleware: Astro's answer (next) or its own. */
function request(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const answer = { passed: false, status: 0, headers: {} as Record<string, string>, body: '' };
  const res = {
    writeHead(status: number, headers: Record<string, string>) {
      Object.assign(answer, { status, headers });
      return res;
    },
    end(body?: string) {
      answer.body = body ?? '';
    },
  };
  middlewares[0]!({ url, method, headers }, res, () => (answer.passed = true));
  return answer;
}

/** Saves the file and waits for the check that follows a burst of saves. */
async function save(text: string) {
  writeFileSync(file, text);
  watcher.emit('all', 'change', file);
  await new Promise((resolve) => setTimeout(resolve, 200));
}

const page = { accept: 'text/html,application/xhtml+xml' };

beforeAll(() => {
  cpSync('content', join(root, 'content'), { recursive: true });
  good = readFileSync(file, 'utf8');
  vi.stubEnv('CONTENT_DIR', join(root, 'content'));
  const { hooks } = contentCheck();
  const hot = { send: (payload: (typeof sent)[number]) => sent.push(payload), on: (event: string, fn: never) => listeners.set(event, fn) };
  (hooks['astro:config:done'] as (options: object) => void)({ config: { root: pathToFileURL(`${root}/`) } });
  (hooks['astro:server:setup'] as (options: object) => void)({
    server: { watcher, middlewares: { use: (fn: Handler) => middlewares.push(fn) }, environments: { client: { hot } } },
    logger,
  });
});

afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

describe('npm run dev while the content is invalid', () => {
  it('serves pages and the API as usual while the content is valid', () => {
    expect(request('/stacks/nginx/', page).passed).toBe(true);
    expect(request(apiUrl('getHealth')).passed).toBe(true);
  });

  it('prints the report in the terminal and sends it to the open pages', async () => {
    // Markup in a value stays text everywhere it is shown.
    await save(good.replace(/^kind: .*$/m, 'kind: platfrm<b>'));
    const line = 'content/stacks/nginx.yaml: field "kind" has value "platfrm<b>": this is not one of the allowed values.';
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining(line));
    expect(sent.at(-1)?.type).toBe('error');
    expect(sent.at(-1)?.err?.message).toContain(line);
  });

  it('answers a page load with the error page and the overlay, status 503', () => {
    const answer = request('/stacks/nginx/', page);
    expect(answer.status).toBe(503);
    expect(answer.headers['Content-Type']).toMatch(/^text\/html/);
    expect(answer.body).toContain('content/stacks/nginx.yaml: field "kind" has value "platfrm&#60;b&#62;"');
    expect(answer.body).not.toContain('platfrm<b>');
    expect(answer.body).toContain("import { ErrorOverlay } from '/@vite/client'");
    // Scripts, styles and Vite's own requests still pass, so the error page and overlay load.
    expect(request('/_astro/site.css', { accept: 'text/css' }).passed).toBe(true);
    expect(request('/@vite/client', page).passed).toBe(true);
  });

  it('answers every API path, health included, with the 503 envelope naming the file and field', () => {
    for (const url of [apiUrl('getHealth'), entryApiUrl('stacks', 'nginx'), `${apiUrl('listProjects')}?q=a`]) {
      const answer = request(url);
      expect(answer.status, url).toBe(503);
      expect(answer.headers['Content-Type']).toMatch(/^application\/json/);
      const { error } = JSON.parse(answer.body) as { error: { code: string; detail: string } };
      expect(error.code).toBe('unavailable');
      expect(error.detail).toContain('content/stacks/nginx.yaml: field "kind" has value "platfrm<b>"');
    }
  });

  it('sends the error again to a page that connects, escaped for the overlay', () => {
    const client = { send: vi.fn() };
    listeners.get('vite:client:connect')!(undefined, client);
    expect(client.send).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'error',
        err: expect.objectContaining({ message: expect.stringContaining('"platfrm&#60;b&#62;"') }),
      }),
    );
  });

  it('the first valid save says so, reloads the open pages and serves again', async () => {
    await save(good);
    expect(logger.info).toHaveBeenCalledWith('content is valid again.');
    expect(sent.at(-1)).toEqual({ type: 'full-reload', path: '*' });
    expect(request('/stacks/nginx/', page).passed).toBe(true);
    expect(request(apiUrl('getHealth')).passed).toBe(true);
    const client = { send: vi.fn() };
    listeners.get('vite:client:connect')!(undefined, client);
    expect(client.send).not.toHaveBeenCalled();
  });
});
