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
import { sendApiResponse } from './api-response.ts';

/** The default of `npm start`: far above what a person browsing the site and its workbench sends. */
export const DEFAULT_RATE_LIMIT = '600/60s';
/** The policy's name in the structured fields. */
export const POLICY = 'api';
/** Message types between a worker and the primary's counters. */
export const ASK = 'rate-limit:count';
export const ANSWER = 'rate-limit:counted';
export const GIVE_BACK = 'rate-limit:give-back';
export const RECALL = 'rate-limit:recall';
/**
 * The primary's answer for one key: allowed, requests left (after any lease), milliseconds until
 * the window refills, requests leased to the worker on top of this one (see createLeases), and
 * when the window ends (epoch ms, the window's identity when a lease is given back).
 * @typedef {[allowed: boolean, remaining: number, msBeforeNext: number, leased: number, windowEnd: number]} Verdict
 */
/** How long a worker keeps a lease before giving its unused requests back. */
const LEASE_MS = 500;
/** Seconds per unit of the window in RATE_LIMIT. */
const UNIT_SECONDS = /** @type {const} */ ({ s: 1, m: 60, h: 3600 });
/** Bound on waiting for the primary's answer; past it the request passes (the limiter fails open). */
const IPC_TIMEOUT_MS = 1_000;
/** Two window ends closer than this are the same window (windows last at least a second). */
export const WINDOW_MATCH_MS = 500;

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
  /** @type {{ keys: string[], ahead: boolean[], resolvers: ((verdict: Verdict | null) => void)[] } | null} */
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
    const { keys, ahead, resolvers } = batch;
    batch = null;
    const id = nextId++;
    const timer = setTimeout(() => {
      waiting.delete(id);
      for (const resolve of resolvers) resolve(null);
    }, IPC_TIMEOUT_MS);
    waiting.set(id, { resolvers, timer });
    process.send?.({ type: ASK, id, keys, ahead });
  };
  /**
   * @param {string} key
   * @param {boolean} [ahead] counted ahead for a lease, not for a request being answered
   * @returns {Promise<Verdict | null>}
   */
  const count = (key, ahead = false) =>
    new Promise((resolve) => {
      if (!batch) {
        batch = { keys: [], ahead: [], resolvers: [] };
        setImmediate(send);
      }
      batch.keys.push(key);
      batch.ahead.push(ahead);
      batch.resolvers.push(resolve);
    });
  return count;
}

/**
 * In a worker: requests the primary has counted ahead for a busy client (a lease), so most of that
 * client's requests are decided here without waiting for a round trip. The primary leases only
 * while the client is far from its limit (server/rate-limit-counters.mjs), and before it refuses
 * a client it recalls that client's leases: the refusal comes when the machine's count is spent,
 * whichever worker asks. A request answered from a lease reports what the primary had left when it
 * granted the lease, less what this worker has used since (other workers' use shows at the next lease).
 * Unused requests go back to the primary after LEASE_MS (while their window lasts) or when
 * recalled; only leases live here, at most one per busy client.
 * @param {(key: string, ahead?: boolean) => Promise<Verdict | null>} count
 */
function createLeases(count) {
  /** @typedef {{ tokens: number, remaining: number, windowEnd: number, expiresAt: number, refilling: boolean, size: number, grants: number }} Lease */
  /** @type {Map<string, Lease>} */
  const leases = new Map();

  /**
   * Adds requests the primary counted for this worker to the client's lease.
   * @param {string} key
   * @param {number} tokens
   * @param {number} remaining what the primary has left after them
   * @param {number} windowEnd
   */
  const grant = (key, tokens, remaining, windowEnd) => {
    const now = Date.now();
    let lease = leases.get(key);
    // A lease of an earlier window is void: its requests were counted in that window.
    if (lease && Math.abs(lease.windowEnd - windowEnd) >= WINDOW_MATCH_MS) {
      leases.delete(key);
      lease = undefined;
    }
    if (tokens <= 0) {
      if (lease) lease.remaining = remaining;
      return lease;
    }
    const expiresAt = Math.min(windowEnd, now + LEASE_MS);
    if (!lease) {
      lease = { tokens: 0, remaining, windowEnd, expiresAt, refilling: false, size: tokens, grants: 0 };
      leases.set(key, lease);
    }
    lease.tokens += tokens;
    lease.remaining = remaining;
    lease.expiresAt = expiresAt;
    lease.size = Math.max(lease.size, tokens);
    // The primary counts the grants it sent; a give-back says how many it returns.
    lease.grants += 1;
    return lease;
  };

  /** Asks for the client's next lease (no request counted). */
  const refill = (/** @type {string} */ key, /** @type {Lease} */ lease) => {
    lease.refilling = true;
    void count(key, true).then((verdict) => {
      lease.refilling = false;
      if (verdict === null) return;
      const [, remaining, , leased, windowEnd] = verdict;
      grant(key, leased, remaining, windowEnd);
    });
  };

  // Gives expired leases back (the primary forgets this worker holds them; unused requests count
  // again while their window lasts).
  setInterval(() => {
    const now = Date.now();
    /** @type {[key: string, tokens: number, windowEnd: number, grants: number][]} */
    const unused = [];
    for (const [key, lease] of leases) {
      if (lease.expiresAt > now) continue;
      leases.delete(key);
      unused.push([key, lease.tokens, lease.windowEnd, lease.grants]);
    }
    if (unused.length > 0) process.send?.({ type: GIVE_BACK, unused });
  }, LEASE_MS / 2).unref();
  // The primary is about to refuse this client: give its lease back now, used up or not.
  process.on('message', (/** @type {{ type?: string, key?: unknown }} */ message) => {
    if (message?.type !== RECALL || typeof message.key !== 'string') return;
    const key = message.key;
    // After the grants of answers read in the same turn (they apply in promise callbacks).
    setImmediate(() => {
      const lease = leases.get(key);
      leases.delete(key);
      process.send?.({ type: GIVE_BACK, unused: [[key, lease?.tokens ?? 0, lease?.windowEnd ?? 0, lease?.grants ?? 0]] });
    });
  });

  return {
    /**
     * Takes one request from the client's lease: what is left to report and when the window
     * ends, or undefined when there is no usable lease.
     * @param {string} key
     */
    take(key) {
      const lease = leases.get(key);
      if (!lease || lease.tokens === 0 || lease.expiresAt <= Date.now()) return undefined;
      lease.tokens -= 1;
      // Ask for the next lease before this one runs out, so no request waits for it.
      if (!lease.refilling && lease.tokens <= lease.size / 2) refill(key, lease);
      return { remaining: lease.remaining + lease.tokens, windowEnd: lease.windowEnd };
    },
    grant,
  };
}

/** @typedef {Readonly<Record<string, string>>} RateLimitFields the RateLimit header fields of an answer */

/** No fields: the path is not limited, or the primary did not answer in time. @type {RateLimitFields} */
export const NO_FIELDS = Object.freeze({});

/**
 * In a worker: the limiter the request listener asks before answering a limited path.
 * @param {{ policy: RateLimitPolicy | null, trustProxy: BlockList | null }} config
 * @param {import('./load-build.mjs').ApiBundle} api
 * @param {Readonly<Record<string, string>>} serverHeaders the headers every response carries
 */
export function createRateLimit({ policy, trustProxy }, api, serverHeaders) {
  if (policy === null) return { covers: (/** @type {string} */ _path) => false, admit: () => NO_FIELDS };
  const count = createCounterClient();
  const leases = createLeases(count);
  const policyField = `"${POLICY}";q=${policy.points};w=${policy.seconds}`;
  /** @param {number} remaining @param {number} msBeforeNext */
  const rateLimitField = (remaining, msBeforeNext) => `"${POLICY}";r=${remaining};t=${Math.ceil(msBeforeNext / 1000)}`;
  /**
   * The RateLimit fields of a request that may go on.
   * @param {number} remaining
   * @param {number} msBeforeNext
   * @returns {RateLimitFields}
   */
  const allow = (remaining, msBeforeNext) => ({ 'RateLimit-Policy': policyField, RateLimit: rateLimitField(remaining, msBeforeNext) });

  return {
    /** Whether a path is limited: the API and the MCP endpoint. */
    covers: (/** @type {string} */ path) => api.isApiPath(path) || isMcpPath(path),
    /**
     * Counts the request: the RateLimit fields its answer carries when it may go on (the caller adds
     * them to its headers, so the API's answer stays one writeHead), null once the 429 has been sent.
     * Synchronous when the client's lease decides, else a promise.
     * @param {import('node:http').IncomingMessage} req
     * @param {import('node:http').ServerResponse} res
     * @param {import('../src/api/request-target.ts').RequestTarget} target
     * @returns {RateLimitFields | null | Promise<RateLimitFields | null>}
     */
    admit(req, res, target) {
      const key = clientAddress(req, trustProxy);
      const leased = leases.take(key);
      if (leased) return allow(leased.remaining, leased.windowEnd - Date.now());
      return count(key).then((verdict) => {
        // No answer from the primary in time: serve rather than refuse everyone.
        if (verdict === null) return NO_FIELDS;
        const [allowed, remaining, msBeforeNext, leasedNow, windowEnd] = verdict;
        if (!allowed) {
          const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
          const result = api.answerRateLimited(req.method ?? 'GET', target, req.headers, retryAfter);
          sendApiResponse(req, res, result, serverHeaders, { 'RateLimit-Policy': policyField, RateLimit: rateLimitField(0, msBeforeNext) });
          return null;
        }
        const lease = leases.grant(key, leasedNow, remaining, windowEnd);
        return allow(remaining + (lease?.tokens ?? 0), msBeforeNext);
      });
    },
  };
}
