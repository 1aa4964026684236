/**
 * Behaviour snapshot of a build: fetches every page and its Markdown twin, endpoint, export and
 * document the built server publishes (plus query, error and method variants of every endpoint) and
 * records status, headers and body, so a refactor can prove it changed nothing.
 *
 *   npm run compare:build -- --record <file>   record the current build (DIST_DIR) into <file>
 *   npm run compare:build -- <file>            compare the current build with a recorded one
 *
 * Ignored: request_id and timestamp in envelopes, the health payload's uptime_seconds (and the ETag
 * that covers it), and the Date, X-Request-Id, Last-Modified headers and the time-based ETag of
 * static files. Bodies are compared decoded (fetch undoes the compression)
 * with those fields masked, so Content-Length is compared only for identity responses: a body
 * compressed per request changes its compressed size with the request id and timestamp inside it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { twinPath } from '../src/discovery/markdown-twins.ts';
import { LANG_PARAM } from '../src/routes/params.ts';
import { API_PREFIX, apiUrl, isApiPath } from '../src/routes/urls.ts';
import { startServer } from './lib/run-server.ts';

interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const IGNORED_HEADERS = new Set(['date', 'x-request-id', 'last-modified', 'keep-alive', 'connection']);

/** Every URL worth recording: the discovery inventory (pages, endpoints, exports, documents, entities) and endpoint variants. */
async function targets(base: string): Promise<string[]> {
  const discovery = (await (await fetch(`${base}${apiUrl('listDiscovery')}`)).json()) as {
    payload: { items: { kind: string; url: string; api_url?: string }[] };
  };
  const contract = (await (await fetch(`${base}${apiUrl('getContract')}`)).json()) as {
    payload: {
      paths: Record<
        string,
        {
          get: {
            parameters?: {
              name: string;
              in: string;
              example?: unknown;
              schema?: { enum?: unknown[]; pattern?: string; examples?: unknown[] };
            }[];
          };
        }
      >;
    };
  };
  const urls = new Set<string>();
  for (const item of discovery.payload.items) {
    urls.add(item.url.split('#')[0] ?? item.url);
    if (item.api_url) urls.add(item.api_url);
    if (item.kind === 'page') urls.add(twinPath(item.url));
  }
  for (const [path, operation] of Object.entries(contract.payload.paths)) {
    const concrete = path.replace('{slug}', 'no-such-slug');
    urls.add(concrete);
    urls.add(`${concrete}?${LANG_PARAM.name}=pt-BR`);
    urls.add(`${concrete}?unknown=1`);
    for (const parameter of operation.get.parameters ?? []) {
      if (parameter.in !== 'query') continue;
      // A closed set is a pattern with every value as an example (catalog slugs: a few examples, no pattern).
      const closed = parameter.schema?.enum ?? (parameter.schema?.pattern ? parameter.schema.examples : undefined) ?? [];
      const values = [...closed, parameter.example, 'zzz-not-a-value'].filter((value) => value !== undefined);
      for (const value of values) urls.add(`${concrete}?${parameter.name}=${encodeURIComponent(String(value))}`);
    }
  }
  for (const extra of [
    '/',
    '/404-not-found/',
    '/no-such-page/',
    `${API_PREFIX}/`,
    `${API_PREFIX}/nope`,
    '/docs/',
    '/swagger-ui.html',
    '/sitemap-0.xml',
  ]) {
    urls.add(extra);
  }
  return [...urls].sort();
}

/** Payload members that change with the clock from one run of the same build to the next. */
const VOLATILE_PAYLOAD_MEMBERS = ['uptime_seconds'];

/** The body with the per-request and clock-bound fields masked; `volatile` when a payload member was. */
function normalizeBody(text: string, contentType: string): { body: string; volatile: boolean } {
  if (!contentType.includes('json')) return { body: text, volatile: false };
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    let volatile = false;
    if (parsed && typeof parsed === 'object' && 'request_id' in parsed) {
      parsed['request_id'] = '<id>';
      parsed['timestamp'] = '<time>';
      const payload = parsed['payload'] as Record<string, unknown> | null;
      for (const member of VOLATILE_PAYLOAD_MEMBERS) {
        if (payload && typeof payload === 'object' && member in payload) {
          payload[member] = `<${member}>`;
          volatile = true;
        }
      }
    }
    return { body: JSON.stringify(parsed), volatile };
  } catch {
    return { body: text, volatile: false };
  }
}

/** Whether the body travelled compressed: its length then depends on the ignored fields inside it. */
function isEncoded(headers: Headers): boolean {
  const encoding = headers.get('content-encoding');
  return encoding !== null && encoding !== 'identity';
}

/** URLs whose GET payload had a clock-bound member: their HEAD carries the same changing tag. */
const volatileUrls = new Set<string>();

async function record(base: string, url: string, method: string): Promise<Recorded> {
  const response = await fetch(`${base}${url}`, { method, redirect: 'manual' });
  const text = await response.text();
  const normalized = normalizeBody(text, response.headers.get('content-type') ?? '');
  if (normalized.volatile) volatileUrls.add(url);
  const { body } = normalized;
  const volatile = volatileUrls.has(url);
  const headers: Record<string, string> = {};
  const isApi = isApiPath(url.split('?')[0] ?? url);
  for (const [name, value] of response.headers) {
    if (IGNORED_HEADERS.has(name)) continue;
    // Static files: a time-based tag. A payload with a clock-bound member: a tag over that member.
    if (name === 'etag' && (!isApi || volatile)) continue;
    if (name === 'content-length' && isEncoded(response.headers)) continue;
    headers[name] = value;
  }
  return { status: response.status, headers, body };
}

/** Records every target, plus `also` (the requests of an earlier snapshot, so both ask the same). */
async function snapshot(also: readonly string[] = []): Promise<Record<string, Recorded>> {
  const server = await startServer();
  try {
    const result: Record<string, Recorded> = {};
    for (const url of await targets(server.url)) {
      result[`GET ${url}`] = await record(server.url, url, 'GET');
      if (isApiPath(url.split('?')[0] ?? url)) {
        for (const method of ['HEAD', 'OPTIONS', 'POST']) result[`${method} ${url}`] = await record(server.url, url, method);
      }
    }
    for (const key of also) {
      if (result[key]) continue;
      const [method = 'GET', url = '/'] = key.split(' ');
      result[key] = await record(server.url, url, method);
    }
    return result;
  } finally {
    await server.stop();
  }
}

const args = process.argv.slice(2);
if (args[0] === '--record' && args[1]) {
  const current = await snapshot();
  writeFileSync(args[1], JSON.stringify(current, null, 1));
  console.log(`compare:build: recorded ${Object.keys(current).length} responses into ${args[1]}`);
} else if (args[0]) {
  const before = JSON.parse(readFileSync(args[0], 'utf8')) as Record<string, Recorded>;
  const after = await snapshot(Object.keys(before));
  const differences: string[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[key];
    const now = after[key];
    if (!was || !now) {
      differences.push(`${key}: ${was ? 'no longer requested' : 'new'}`);
      continue;
    }
    if (was.status !== now.status) differences.push(`${key}: status ${was.status} -> ${now.status}`);
    for (const name of new Set([...Object.keys(was.headers), ...Object.keys(now.headers)])) {
      if (was.headers[name] !== now.headers[name]) differences.push(`${key}: header ${name}: ${was.headers[name]} -> ${now.headers[name]}`);
    }
    if (was.body !== now.body) {
      let at = 0;
      while (was.body[at] === now.body[at]) at += 1;
      differences.push(`${key}: body differs at ${at}: …${was.body.slice(at, at + 60)}… -> …${now.body.slice(at, at + 60)}…`);
    }
  }
  console.log(`compare:build: ${Object.keys(after).length} responses compared, ${differences.length} differences`);
  for (const line of differences.slice(0, 200)) console.log(`  - ${line}`);
  process.exitCode = differences.length === 0 ? 0 : 1;
} else {
  console.error('usage: npm run compare:build -- --record <file> | <recorded-file>');
  process.exitCode = 2;
}
