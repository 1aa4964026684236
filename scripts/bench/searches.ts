/**
 * Distinct searches and memory, on a fresh server per side after the classes: every route in both
 * locales and every coding, then SEARCHES distinct searches (every request a new query from short
 * terms, so no cache answers it) in one block per round, the sides in turn, each block the same
 * queries on every side; the worker's RSS at start, after the routes and after the searches.
 * Directories, parameter names, the largest limit and the locales come from the route table; terms
 * from the build's names.
 */
import { createHash } from 'node:crypto';
import { DEFAULT_LOCALE, LOCALES } from '../../src/schemas/common.ts';
import { MAX_LIMIT, PARAM_NAMES } from '../../src/routes/params.ts';
import { isPaginated, ROUTES, type RouteSpec } from '../../src/routes/routes.ts';
import { apiUrl } from '../../src/routes/urls.ts';
import type { BenchRun, SideName } from './bench-run.ts';
import { ENCODINGS, itemsOf, nameWords, shortestSlug, withQuery } from './classes.ts';
import { startServer, workerReport, type Running } from './processes.ts';
import { fetchRaw, type BenchRequest } from './recording.ts';
import { cpuPerRequest, median } from './report.ts';
import { coresText, countingHook, DONE, lua, measure, serverBound, type Sample } from './wrk.ts';

/** Directories that take `q` and `limit`, in table order. */
export const searchDirectories = (): RouteSpec[] =>
  ROUTES.filter((route) => !route.detail && isPaginated(route) && route.params.some((param) => param.kind === 'text'));

/**
 * Short terms people type: every distinct 2 to 4 letter piece of the words of the searchable
 * directories' display names, in the order of their hashes (the same in every run, and not
 * alphabetical, so neighbours do not share a prefix): most match something, few match everything.
 */
export async function shortTerms(baseUrl: string): Promise<string[]> {
  const pieces = new Set<string>();
  for (const directory of searchDirectories())
    for (const word of nameWords(await itemsOf(baseUrl, directory.path), 2))
      for (let length = 2; length <= 4; length += 1)
        for (let start = 0; start + length <= word.length; start += 1) pieces.add(word.slice(start, start + length));
  const hash = (term: string) => createHash('sha1').update(term).digest('hex');
  return [...pieces].sort((a, b) => hash(a).localeCompare(hash(b)));
}

/**
 * Blocks of distinct searches made on the fly: request k goes to directory k mod D, with the k/D-th
 * query (a term, then pairs of terms once every term has been used), a limit spread over 1..max,
 * and the encodings alternating. wrk's argument is the first k, so each block asks new queries; it
 * sends `block` searches, then the idle request until every connection has had its answer.
 */
export function distinctSearchScript(terms: readonly string[], block: number, connections: number): string {
  return `
local directories = {${searchDirectories()
    .map((route) => lua(route.path))
    .join(', ')}}
local terms = {${terms.map((term) => lua(encodeURIComponent(term))).join(', ')}}
local encodings = {${ENCODINGS.map(lua).join(', ')}}
local max_limit = ${MAX_LIMIT}
local k = 0
local last = 0
local idle = nil
function init(args)
  k = tonumber(args[1])
  last = k + ${block}
  idle = wrk.format("GET", ${lua(apiUrl('getHealth'))})
end
-- The j-th query: every term once, then unordered pairs {a, a+s} with s below P/2 (no pair twice).
local function query(j)
  local p = #terms
  if j < p then return terms[j + 1] end
  local rest = j - p
  local a = rest % p
  local s = 1 + math.floor(rest / p) % math.max(1, math.floor((p - 1) / 2))
  return terms[a + 1] .. "%20" .. terms[(a + s) % p + 1]
end
function request()
  if k >= last then return idle end
  local d = #directories
  local j = math.floor(k / d)
  local path = directories[k % d + 1] .. "?${PARAM_NAMES.text}=" .. query(j) .. "&${PARAM_NAMES.limit}=" .. (1 + (k * 7919) % max_limit)
  local encoding = encodings[j % #encodings + 1]
  k = k + 1
  return wrk.format("GET", path, {["Accept-Encoding"] = encoding})
end
${countingHook(200, block + connections)}
${DONE}`;
}

/**
 * Every route of the table once per locale and per coding (identity, br, gzip): a detail route with
 * the shortest slug of its collection, a localized one without `lang` and with each other locale.
 */
export async function fullMixRequests(baseUrl: string): Promise<BenchRequest[]> {
  const requests: BenchRequest[] = [];
  for (const route of ROUTES) {
    let path = route.path;
    if (route.detail) {
      const directory = ROUTES.find((candidate) => candidate.lists === route.detail)!;
      path = apiUrl(route.id, shortestSlug(await itemsOf(baseUrl, directory.path)).slug);
    }
    const locales = route.localized ? LOCALES : [DEFAULT_LOCALE];
    for (const locale of locales)
      for (const coding of [undefined, ...ENCODINGS])
        requests.push({
          path: withQuery(path, locale === DEFAULT_LOCALE ? {} : { [PARAM_NAMES.lang]: locale }),
          headers: coding ? { 'accept-encoding': coding } : {},
        });
  }
  return requests;
}

/** Distinct searches each side answers, in all. */
const SEARCHES = 10_000;

/** Longest one block of searches may take, seconds. */
const BLOCK_BOUND_SECONDS = 300;

/** Per side, the figures the marks apply to: worker CPU ms per search and RSS bytes after the searches. */
export type Searched = Map<SideName, { cpuMs: number; rss: number }>;

/** The section's Markdown and its figures. */
export async function searchesAndMemory(bench: BenchRun, terms: readonly string[]): Promise<{ text: string; figures: Searched }> {
  const block = Math.ceil(SEARCHES / bench.rounds);
  const script = bench.writeScript('distinct.lua', distinctSearchScript(terms, block, bench.load.connections));
  // The worker's process.memoryUsage(), from its SIGUSR2 report.
  const memory = async (running: Running) => (await workerReport(running))?.memory;
  const mb = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${(bytes / 2 ** 20).toFixed(0)} MB`);
  const sides = [];
  for (const side of bench.sides) {
    const running = await startServer(side.checkout, side.dist);
    const rss = [`RSS ${mb((await memory(running))?.rss)} at start`];
    const routes = await fullMixRequests(running.url);
    // A few at a time, each expected to answer 200.
    for (let start = 0; start < routes.length; start += 4)
      for (const answer of await Promise.all(routes.slice(start, start + 4).map((request) => fetchRaw(running.url, request))))
        if (answer.status !== 200) throw new Error(`${answer.key} answered ${answer.status} on the ${side.name} side`);
    rss.push(`${mb((await memory(running))?.rss)} after ${routes.length} routes`);
    sides.push({ side, running, rss, samples: [] as Sample[] });
  }
  for (let round = 1; round <= bench.rounds; round += 1)
    for (const { side, running, samples } of round % 2 === 1 ? sides : [...sides].reverse()) {
      const sample = await measure(running, script, { ...bench.load, duration: BLOCK_BOUND_SECONDS }, [String((round - 1) * block)]);
      samples.push(sample);
      console.error(`bench: searches ${side.name} ${round}/${bench.rounds}: ${Math.round(sample.rps)} req/s (${coresText(sample)})`);
    }
  const figures: Searched = new Map();
  const lines = [];
  for (const { side, running, rss, samples } of sides) {
    const after = await memory(running);
    await running.stop();
    const kept = samples.filter(serverBound);
    const used = kept.length > 0 ? kept : samples;
    const unexpected = samples.reduce((sum, sample) => sum + sample.unexpected, 0);
    const cpuMs = cpuPerRequest(used) / 1000;
    figures.set(side.name, { cpuMs, rss: after?.rss ?? Number.NaN });
    lines.push(
      `- ${side.name}: ${cpuMs.toFixed(2)} ms of worker CPU per search, p99 ${median(used.map((s) => s.p99)).toFixed(1)} ms ` +
        `(blocks kept ${kept.length}/${samples.length}${unexpected > 0 ? `, ${unexpected} unexpected answers` : ''}); ${rss.join(', ')}, ` +
        `${mb(after?.rss)} after the searches; heap used ${mb(after?.heapUsed)} of ${mb(after?.heapTotal)}`,
    );
  }
  const about =
    `Distinct searches and memory (a fresh worker per side: every route in both locales and every coding, then ${SEARCHES.toLocaleString('en-US')} ` +
    `searches over ${searchDirectories().length} directories, each a new query from ${terms.length.toLocaleString('en-US')} short terms and then pairs, ` +
    `limits 1-${MAX_LIMIT}, br and gzip alternating; one block a round, the sides in turn):`;
  return { text: [about, '', ...lines].join('\n'), figures };
}
