// @ts-check
/**
 * Per-client rate limit on /api and /mcp, shared by every worker of the machine: each worker asks
 * the primary's counters (server/rate-limit-counters.mjs) over the cluster's IPC channel, so the
 * Nth+1 request of a window is refused whichever worker it lands on. Every key asked in one turn
 * of a worker's event loop goes in one message: under load, one round trip serves many requests.
 * Pages and static files are never limited.
 *
 * Every limited response carries `RateLimit-Policy` and `RateLimit` as structured fields
 * (draft-ietf-httpapi-ratelimit-headers-11); a refused one is the API's 429 envelope with Retry-After.
 *
 * The client is the socket's peer address. With TRUST_PROXY (addresses or CIDRs), when the peer is
 * one of them, it is the right-most X-Forwarded-For address that is not: what the nearest untrusted
 * hop was seen as. An untrusted peer's X-Forwarded-For is ignored.
 */
import { BlockList, isIP } from 'node:net';
import { sendApiResponse } from './api-response.mjs';

/** The default of `npm start`: far above what a person browsing the site and its workbench sends. */
export const DEFAULT_RATE_LIMIT = '600/60s';
/** The policy's name in the structured fields. */
export const POLICY = 'api';
/** Message types between a worker and the primary's counters. */
export const ASK = 'rate-limit:count';
export const ANSWER = 'rate-limit:counted';
/**
 * The primary's answer for one key: allowed, requests left, milliseconds until the window refills.
 * @typedef {[allowed: boolean, remaining: number, msBeforeNext: number]} Verdict
 */
/** Seconds per unit of the window in RATE_LIMIT. */
const UNIT_SECONDS = /** @type {const} */ ({ s: 1, m: 60, h: 3600 });
/** Bound on waiting for the primary's answer; past it the request passes (the limiter fails open). */
const IPC_TIMEOUT_MS = 1_000;

/** @typedef {{ points: number, seconds: number }} RateLimitPolicy */

/**
 * Parses RATE_LIMIT: `<requests>/<window>` with the window in s, m or h (`600/60s`, `100/1m`), or `off`.
 * @param {string} raw
 * @returns {RateLimitPolicy | null}
 */
export function parseRateLimit(raw) {
  const value = raw.trim();
  if (value === 'off') return null;
  const match = /^(\d+)\/(\d+)(s|m|h)$/.exec(value);
  const points = Number(match?.[1]);
  const seconds = Number(match?.[2]) * UNIT_SECONDS[/** @type {'s' | 'm' | 'h'} */ (match?.[3] ?? 's')];
  if (!match || points < 1 || seconds < 1) {
    throw new Error(
      `RATE_LIMIT must be <requests>/<window> with the window in s, m or h (such as ${DEFAULT_RATE_LIMIT}), or off; got "${raw}"`,
    );
  }
  return { points, seconds };
}

/** An IPv4 address Node reports in IPv6 form (::ffff:1.2.3.4), as IPv4. */
const unmapped = (/** @type {string} */ address) =>
  address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;

/**
 * Parses TRUST_PROXY: a comma-separated list of addresses and CIDRs (`127.0.0.1, 10.0.0.0/8, ::1`).
 * @param {string | undefined} raw
 * @returns {BlockList | null}
 */
export function parseTrustProxy(raw) {
  if (raw === undefined || raw.trim() === '') return null;
  const list = new BlockList();
  for (const item of raw
    .split(',')
    .map((each) => each.trim())
    .filter(Boolean)) {
    const [address = '', prefix] = item.split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    const maxBits = family === 4 ? 32 : 128;
    if (family === 0 || (bits !== undefined && !(Number.isInteger(bits) && bits >= 0 && bits <= maxBits))) {
      throw new Error(`TRUST_PROXY must list IP addresses or CIDRs separated by commas; got "${item}"`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return list;
}

/**
 * @param {BlockList | null} trusted
 * @param {string} address
 */
function isTrusted(trusted, address) {
  const family = isIP(address);
  return trusted !== null && family !== 0 && trusted.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The client a request counts against (see the module comment).
 * @param {import('node:http').IncomingMessage} req
 * @param {BlockList | null} trusted
 */
export function clientAddress(req, trusted) {
  const peer = unmapped(req.socket.remoteAddress ?? '');
  const forwarded = req.headers['x-forwarded-for'];
  if (!forwarded || !isTrusted(trusted, peer)) return peer;
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded).split(',');
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = unmapped(/** @type {string} */ (hops[index]).trim());
    // A trusted proxy writes addresses; anything else is the client's own text: not an identity.
    if (isIP(hop) === 0) return peer;
    if (!isTrusted(trusted, hop)) return hop;
  }
  // Every hop is a trusted proxy: the left-most is the closest to the client there is.
  return unmapped(/** @type {string} */ (hops[0]).trim());
}

/** The MCP endpoint and anything under it. */
export function isMcpPath(/** @type {string} */ path) {
  return path === '/mcp' || path.startsWith('/mcp/');
}

/**
 * In a worker: asks the primary to count keys, batching every key asked in one turn of the event
 * loop into one message (one round trip for many requests under load); null when the primary does
 * not answer in time.
 */
function createCounterClient() {
  /** @type {{ keys: string[], resolvers: ((verdict: Verdict | null) => void)[] } | null} */
  let batch = null;
  let nextId = 0;
  /** @type {Map<number, { resolvers: ((verdict: Verdict | null) => void)[], timer: NodeJS.Timeout }>} */
  const waiting = new Map();
  process.on('message', (/** @type {{ type?: string, id?: number, verdicts?: Verdict[] }} */ message) => {
    if (message?.type !== ANSWER || message.id === undefined) return;
    const entry = waiting.get(message.id);
    if (!entry) return;
    waiting.delete(message.id);
    clearTimeout(entry.timer);
    entry.resolvers.forEach((resolve, index) => resolve(message.verdicts?.[index] ?? null));
  });
  const send = () => {
    if (!batch) return;
    const { keys, resolvers } = batch;
    batch = null;
    const id = nextId++;
    const timer = setTimeout(() => {
      waiting.delete(id);
      for (const resolve of resolvers) resolve(null);
    }, IPC_TIMEOUT_MS);
    waiting.set(id, { resolvers, timer });
    process.send?.({ type: ASK, id, keys });
  };
  /** @param {string} key @returns {Promise<Verdict | null>} */
  return (key) =>
    new Promise((resolve) => {
      if (!batch) {
        batch = { keys: [], resolvers: [] };
        setImmediate(send);
      }
      batch.keys.push(key);
      batch.resolvers.push(resolve);
    });
}

/**
 * In a worker: the limiter the request listener asks before answering a limited path.
 * @param {{ policy: RateLimitPolicy | null, trustProxy: BlockList | null }} config
 * @param {import('./load-build.mjs').ApiBundle} api
 * @param {Readonly<Record<string, string>>} serverHeaders the headers every response carries
 */
export function createRateLimit({ policy, trustProxy }, api, serverHeaders) {
  if (policy === null) return { covers: () => false, admit: async () => true };
  const count = createCounterClient();
  const policyField = `"${POLICY}";q=${policy.points};w=${policy.seconds}`;
  /** @param {number} remaining @param {number} msBeforeNext */
  const rateLimitField = (remaining, msBeforeNext) => `"${POLICY}";r=${remaining};t=${Math.ceil(msBeforeNext / 1000)}`;

  return {
    /** Whether a path is limited: the API and the MCP endpoint. */
    covers: (/** @type {string} */ path) => api.isApiPath(path) || isMcpPath(path),
    /**
     * Counts the request; true when it may go on (its RateLimit fields set on `res`), false once
     * the 429 has been sent.
     * @param {import('node:http').IncomingMessage} req
     * @param {import('node:http').ServerResponse} res
     * @param {import('../src/api/request-target.ts').RequestTarget} target
     */
    async admit(req, res, target) {
      const verdict = await count(clientAddress(req, trustProxy));
      // No answer from the primary in time: serve rather than refuse everyone.
      if (verdict === null) return true;
      const [allowed, remaining, msBeforeNext] = verdict;
      if (!allowed) {
        const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
        const result = api.answerRateLimited(req.method ?? 'GET', target, req.headers, retryAfter);
        const headers = { ...serverHeaders, 'RateLimit-Policy': policyField, RateLimit: rateLimitField(0, msBeforeNext) };
        sendApiResponse(req, res, result, headers);
        return false;
      }
      res.setHeader('RateLimit-Policy', policyField);
      res.setHeader('RateLimit', rateLimitField(remaining, msBeforeNext));
      return true;
    },
  };
}
