/**
 * The wrk Lua scripts the bench runs, generated per class: a fixed list of requests cycled, or
 * distinct searches made on the fly. Each script's done() prints one JSON line (SUMMARY_MARK first)
 * that wrk.ts reads: requests, latency percentiles, failures, and wrk's own CPU.
 */
import type { BenchRequest } from './recording.ts';

/** Starts the line done() prints. */
export const SUMMARY_MARK = 'BENCH-SUMMARY ';
/**
 * Printed once a script has had all the answers it wanted: wrk's main thread sleeps out the run
 * time whatever its threads do, and a SIGINT (wrk.ts sends it on this line) ends it with a summary.
 */
export const STOPPED_MARK = 'BENCH-STOPPED';

/** A Lua string literal: JSON escapes are Lua escapes, but for \uXXXX (control characters only), written as \ddd. */
const lua = (value: string): string =>
  JSON.stringify(value).replace(/\\u00([0-9a-f]{2})/gi, (_, hex: string) => `\\${String(parseInt(hex, 16)).padStart(3, '0')}`);

/** A Lua table of header names to values. */
const luaHeaders = (headers: Record<string, string>): string =>
  `{${Object.entries(headers)
    .map(([name, value]) => `[${lua(name)}] = ${lua(value)}`)
    .join(', ')}}`;

/**
 * done(): the summary as JSON. Statuses, when counted, are summed over threads (each thread has its
 * own Lua state; setup() kept them). os.clock() is the CPU of the whole wrk process, every thread.
 */
const DONE = `
local threads = {}
function setup(thread) table.insert(threads, thread) end
function done(summary, latency, requests)
  local statuses = ""
  if counting then
    local sums = {}
    for _, thread in ipairs(threads) do
      for status, n in pairs(thread:get("statuses") or {}) do sums[status] = (sums[status] or 0) + n end
    end
    local parts = {}
    for status, n in pairs(sums) do table.insert(parts, string.format('"%d":%d', status, n)) end
    statuses = ',"statuses":{' .. table.concat(parts, ",") .. "}"
  end
  local e = summary.errors
  io.write(string.format(
    '${SUMMARY_MARK}{"duration_us":%d,"requests":%d,"bytes":%d,"non_2xx_3xx":%d,"socket_errors":%d,"timeouts":%d,"p50_us":%d,"p99_us":%d,"cpu_s":%.3f%s}\\n',
    summary.duration, summary.requests, summary.bytes, e.status, e.connect + e.read + e.write, e.timeout,
    latency:percentile(50), latency:percentile(99), os.clock(), statuses))
end
`;

/**
 * response(): counts answers by status. It makes wrk hand every answer's headers and body to Lua,
 * which costs wrk CPU, so only classes whose wrong answer wrk would not see use it (a 200 where a
 * 304 is expected is still 2xx/3xx to wrk); `stopAfter` stops the thread after that many answers.
 */
const countingHook = (stopAfter?: number): string => `
counting = true
statuses = {}
local answered = 0
function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  answered = answered + 1
  ${stopAfter === undefined ? '' : `if answered == ${stopAfter} then io.write("${STOPPED_MARK}\\n"); io.flush(); wrk.thread:stop() end`}
end
`;

/**
 * A class's requests, cycled over every connection. One request is set once as wrk's static
 * request (no Lua per request); several go through request(), built once in init().
 */
export function listScript(requests: readonly BenchRequest[], countStatuses: boolean): string {
  const specs = requests.map(
    ({ path, headers, method = 'GET', body }) =>
      `{${lua(method)}, ${lua(path)}, ${luaHeaders(headers)}${body === undefined ? '' : `, ${lua(body)}`}}`,
  );
  const single = requests.length === 1 ? requests[0]! : undefined;
  const load = single
    ? `wrk.method = ${lua(single.method ?? 'GET')}
wrk.path = ${lua(single.path)}
for name, value in pairs(${luaHeaders(single.headers)}) do wrk.headers[name] = value end
${single.body === undefined ? '' : `wrk.body = ${lua(single.body)}`}`
    : `local specs = {
${specs.join(',\n')}
}
local formatted = {}
local next_index = 0
function init(args)
  for i, spec in ipairs(specs) do formatted[i] = wrk.format(spec[1], spec[2], spec[3], spec[4]) end
end
function request()
  next_index = next_index % #formatted + 1
  return formatted[next_index]
end`;
  return [load, countStatuses ? countingHook() : '', DONE].join('\n');
}

/** What the distinct-searches script draws from. */
export interface DistinctSearchPlan {
  /** Directory paths that take `q` and `limit`, from the route table. */
  directories: readonly string[];
  /** Short terms, already URL-encoded, each used once per directory before pairs of them are. */
  terms: readonly string[];
  /** Largest `limit` (the route table's). */
  maxLimit: number;
  queryName: string;
  limitName: string;
  encodings: readonly string[];
  /** How many times in a row each query is sent (1: every request a new query). */
  repeats: number;
  /** A cheap request to send once `stopAfter` searches have gone (the health route). */
  idlePath: string;
}

/**
 * Distinct searches made on the fly: query n (request k, or k / repeats when each is sent several
 * times in a row) goes to directory n mod D, with the n/D-th query (a term, then pairs of terms
 * once every term has been used), a limit spread over 1..max, and the encodings alternating. wrk's arguments: the first k (so later runs on the same server ask new
 * queries) and, optionally, how many searches to send before idling on the health route and stopping.
 */
export function distinctSearchScript(plan: DistinctSearchPlan, stopAfter?: number): string {
  return `
local directories = {${plan.directories.map(lua).join(', ')}}
local terms = {${plan.terms.map(lua).join(', ')}}
local encodings = {${plan.encodings.map(lua).join(', ')}}
local max_limit = ${plan.maxLimit}
local repeats = ${plan.repeats}
local k = 0
local last = -1
local idle = nil
function init(args)
  k = tonumber(args[1]) or 0
  if args[2] then last = k + tonumber(args[2]) end
  idle = wrk.format("GET", ${lua(plan.idlePath)})
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
  if last >= 0 and k >= last then return idle end
  local d = #directories
  local n = math.floor(k / repeats)
  local j = math.floor(n / d)
  local path = directories[n % d + 1] .. "?${plan.queryName}=" .. query(j) .. "&${plan.limitName}=" .. (1 + (n * 7919) % max_limit)
  local encoding = encodings[j % #encodings + 1]
  k = k + 1
  return wrk.format("GET", path, {["Accept-Encoding"] = encoding})
end
${countingHook(stopAfter)}
${DONE}`;
}
