/**
 * Prism's validating proxy (`@stoplight/prism-cli`, the command docs/api.md gives) in front of the
 * built server, reading the bare contract from its URL. A request matrix derived from the route
 * table: every operation, GET and HEAD, every parameter with good and bad values, cursors,
 * If-None-Match, unknown slugs and parameters. No answer may break the contract, and on every
 * request Prism's verdict and the server's must agree:
 * - `ok`: the contract accepts it (Prism forwards it) and the server answers 2xx or 304;
 * - `invalid`: the contract refuses it (Prism's 422) and the server answers 4xx;
 * - `unknown`: the contract cannot know (an unknown slug, filter value or parameter, a stale
 *   cursor): Prism forwards it and the server answers its documented 400 or 404.
 * Prism 5.16 parses a HEAD answer with a JSON type as JSON and fails on its empty body, so a HEAD
 * that Prism forwards is checked against the server's GET instead (same status, type and length).
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';
import { MAX_LIMIT, MAX_QUERY_LENGTH, PARAM_NAMES, type ParamSpec } from '../../src/routes/params.ts';
import { ROUTES, type RouteSpec } from '../../src/routes/routes.ts';
import { freePort } from '../support/server.ts';
import { DOCUMENTED_PRISM_PORT, documentedCommand, documentUrl, startTool, workFolder, type Tool } from './consumers.ts';

const baseUrl = inject('baseUrl');
const catalog = loadCatalogFromFiles();

type Expected = 'ok' | 'invalid' | 'unknown';
interface Probe {
  method: 'GET' | 'HEAD';
  url: string;
  headers?: Record<string, string>;
  expected: Expected;
}

const firstSlug = (collection: NonNullable<ParamSpec['entriesOf']>) => (catalog.collections[collection] as { slug: string }[])[0]!.slug;

/** Good and bad values of one parameter, by its kind (`extra` joins parameters it needs, such as limit for a cursor). */
async function parameterProbes(path: string, param: ParamSpec): Promise<{ query: string; expected: Expected }[]> {
  const value = (raw: string) => `${param.name}=${encodeURIComponent(raw)}`;
  switch (param.kind) {
    case 'text':
      return [
        { query: value('docs'), expected: 'ok' },
        { query: value('x'.repeat(MAX_QUERY_LENGTH + 1)), expected: 'invalid' },
      ];
    case 'lang':
      return [
        ...['pt-BR', 'pt-br', 'EN-us'].map((raw) => ({ query: value(raw), expected: 'ok' as const })),
        ...['fr-FR', 'ptBR'].map((raw) => ({ query: value(raw), expected: 'invalid' as const })),
        { query: `${value('en-US')}&${value('pt-BR')}`, expected: 'invalid' },
      ];
    case 'limit':
      return [
        ...['1', String(MAX_LIMIT)].map((raw) => ({ query: value(raw), expected: 'ok' as const })),
        ...['0', String(MAX_LIMIT + 1), 'abc'].map((raw) => ({ query: value(raw), expected: 'invalid' as const })),
      ];
    case 'cursor': {
      const limit = `${PARAM_NAMES.limit}=1`;
      const page = (await (await fetch(`${baseUrl}${path}?${limit}`)).json()) as { payload: { next_cursor?: string | null } };
      const cursor = page.payload.next_cursor;
      return [
        ...(cursor ? [{ query: `${limit}&${value(cursor)}`, expected: 'ok' as const }] : []),
        // A cursor the server did not make, or one without its limit: the schema cannot tell.
        { query: `${limit}&${value('abc')}`, expected: 'unknown' },
        ...(cursor ? [{ query: value(cursor), expected: 'unknown' as const }] : []),
      ];
    }
    case 'choice': {
      if (param.entriesOf)
        return [
          { query: value(firstSlug(param.entriesOf)), expected: 'ok' },
          { query: value('zzz-not-a-value'), expected: 'unknown' },
        ];
      const values = (param.choices?.(catalog) ?? []).map((choice) => choice.value);
      return [
        ...values.map((raw) => ({ query: value(raw), expected: 'ok' as const })),
        { query: value(values[0]!.toUpperCase()), expected: 'ok' },
        { query: value(` ${values[0]!} `), expected: 'ok' },
        { query: value('zzz-not-a-value'), expected: 'invalid' },
      ];
    }
  }
}

/** Every request of one operation. */
async function routeProbes(route: RouteSpec): Promise<Probe[]> {
  const path = route.detail ? route.path.replace('{slug}', firstSlug(route.detail)) : route.path;
  const probes: Probe[] = [
    { method: 'GET', url: path, expected: 'ok' },
    { method: 'HEAD', url: path, expected: 'ok' },
    { method: 'GET', url: `${path}?unknown=1`, expected: 'unknown' },
  ];
  if (route.detail)
    for (const slug of ['no-such-slug', 'Bad_Slug', firstSlug(route.detail).toUpperCase()])
      probes.push({ method: 'GET', url: route.path.replace('{slug}', encodeURIComponent(slug)), expected: 'unknown' });
  // A live payload (health) changes every second: its tag does not survive to the next request.
  if (!route.live) {
    const etag = (await fetch(`${baseUrl}${path}`)).headers.get('etag')!;
    probes.push({ method: 'GET', url: path, headers: { 'If-None-Match': etag }, expected: 'ok' });
    probes.push({ method: 'HEAD', url: path, headers: { 'If-None-Match': etag }, expected: 'ok' });
  }
  for (const param of route.params) {
    for (const { query, expected } of await parameterProbes(path, param)) {
      probes.push({ method: 'GET', url: `${path}?${query}`, expected });
      if (expected === 'invalid' && !probes.some((probe) => probe.method === 'HEAD' && probe.expected === 'invalid'))
        probes.push({ method: 'HEAD', url: `${path}?${query}`, expected });
    }
  }
  return probes;
}

type Verdict = 'valid' | 'invalid' | 'violation' | 'head-unparsed' | 'prism-error';
interface Outcome {
  probe: Probe;
  verdict: Verdict;
  prismStatus: number;
  serverStatus: number;
  agrees: boolean;
  detail: string;
}

/** What Prism made of one request: its own problem document, or the server's answer passed on. */
async function askPrism(prismUrl: string, probe: Probe): Promise<{ verdict: Verdict; status: number; detail: string }> {
  const response = await fetch(`${prismUrl}${probe.url}`, { method: probe.method, headers: probe.headers ?? {}, redirect: 'manual' });
  const text = await response.text();
  if (response.headers.get('sl-violations'))
    return { verdict: 'violation', status: response.status, detail: response.headers.get('sl-violations')! };
  if (!response.headers.get('content-type')?.startsWith('application/problem+json'))
    return { verdict: 'valid', status: response.status, detail: '' };
  // A HEAD answer has no body, Prism's own included: its status tells a refused request (422) from
  // an answer Prism could not parse (500).
  if (probe.method === 'HEAD')
    return { verdict: response.status === 422 ? 'invalid' : 'head-unparsed', status: response.status, detail: 'HEAD' };
  const problem = JSON.parse(text) as { type?: string; title?: string; detail?: string; validation?: unknown };
  const detail = `${problem.type} ${problem.title} ${JSON.stringify(problem.validation ?? problem.detail ?? '')}`;
  if (problem.type?.endsWith('#UNPROCESSABLE_ENTITY')) return { verdict: 'invalid', status: response.status, detail };
  if (problem.type?.endsWith('#VIOLATIONS')) return { verdict: 'violation', status: response.status, detail };
  return { verdict: 'prism-error', status: response.status, detail };
}

/** Whether a forwarded HEAD answers as the GET does: same status, type and length. */
async function headMatchesGet(probe: Probe): Promise<boolean> {
  // Identity: fetch decodes what it reads, so a compressed length would not be the body's.
  const init = { headers: { ...probe.headers, 'Accept-Encoding': 'identity' }, redirect: 'manual' as const };
  const [head, get] = await Promise.all([
    fetch(`${baseUrl}${probe.url}`, { ...init, method: 'HEAD' }),
    fetch(`${baseUrl}${probe.url}`, init),
  ]);
  const body = await get.arrayBuffer();
  return (
    head.status === get.status &&
    head.headers.get('content-type') === get.headers.get('content-type') &&
    (get.status === 304 || head.headers.get('content-length') === String(body.byteLength))
  );
}

async function run(prismUrl: string, probe: Probe): Promise<Outcome> {
  const prism = await askPrism(prismUrl, probe);
  const server = await fetch(`${baseUrl}${probe.url}`, { method: probe.method, headers: probe.headers ?? {}, redirect: 'manual' });
  await server.arrayBuffer();
  const success = server.status === 304 || (server.status >= 200 && server.status < 300);
  const clientError = server.status >= 400 && server.status < 500;
  // A forwarded request's answer is the server's, passed on unchanged.
  const relayed = prism.verdict !== 'valid' || prism.status === server.status;
  const accepted = prism.verdict === 'valid' || (prism.verdict === 'head-unparsed' && (await headMatchesGet(probe)));
  const agrees =
    relayed &&
    (probe.expected === 'ok'
      ? accepted && success
      : probe.expected === 'invalid'
        ? prism.verdict === 'invalid' && clientError
        : accepted && (server.status === 400 || server.status === 404));
  return { probe, verdict: prism.verdict, prismStatus: prism.status, serverStatus: server.status, agrees, detail: prism.detail };
}

/** Runs `tasks` with at most `width` at once, in order of results. */
async function pool<T, R>(items: readonly T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

describe('Prism proxy in front of the built server, from the bare contract', () => {
  let prism: Tool;
  let prismUrl: string;
  let folder: string;

  beforeAll(async () => {
    const port = await freePort();
    const command = documentedCommand('npx prism proxy ', baseUrl).replace(
      `--port ${DOCUMENTED_PRISM_PORT}`,
      `--port ${port} --host 127.0.0.1`,
    );
    expect(command).toContain(documentUrl(baseUrl));
    folder = workFolder('prism');
    prism = await startTool(command, folder, 'Prism is listening');
    prismUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(() => {
    prism?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('passes every answer, and agrees with the server on every request of the matrix', async () => {
    const probes = (await Promise.all(ROUTES.map(routeProbes))).flat();
    const outcomes = await pool(probes, 6, (probe) => run(prismUrl, probe));
    const violations = outcomes.filter((outcome) => outcome.verdict === 'violation' || outcome.verdict === 'prism-error');
    const agreeing = outcomes.filter((outcome) => outcome.agrees);
    const count = (expected: Expected) => outcomes.filter((outcome) => outcome.probe.expected === expected).length;
    const headUnparsed = outcomes.filter((outcome) => outcome.verdict === 'head-unparsed').length;
    console.log(
      `prism: ${outcomes.length} requests (${count('ok')} ok, ${count('invalid')} invalid, ${count('unknown')} unknown to the schema), ` +
        `${violations.length} violations, ${agreeing.length} verdicts agree; ${headUnparsed} HEAD answers compared with GET`,
    );
    const report = (list: Outcome[]) =>
      list.map(
        (outcome) =>
          `${outcome.probe.method} ${outcome.probe.url.slice(0, 120)} [${outcome.probe.expected}] prism ${outcome.verdict} ${outcome.prismStatus}, server ${outcome.serverStatus} ${outcome.detail.slice(0, 300)}`,
      );
    expect(report(violations)).toEqual([]);
    expect(report(outcomes.filter((outcome) => !outcome.agrees))).toEqual([]);
    // Every operation, both methods, and every parameter of the route table were asked.
    for (const route of ROUTES) {
      const asked = outcomes.filter((outcome) => outcome.probe.url.split('?')[0]!.startsWith(route.path.replace('/{slug}', '')));
      expect(new Set(asked.map((outcome) => outcome.probe.method)), route.id).toEqual(new Set(['GET', 'HEAD']));
      for (const param of route.params)
        expect(
          asked.some((outcome) => outcome.probe.url.includes(`${param.name}=`)),
          `${route.id} ${param.name}`,
        ).toBe(true);
    }
    expect(count('invalid')).toBeGreaterThan(ROUTES.length);
  });
});
