/**
 * Per-client rate limit on /api and /mcp, counted by each worker on its own in a fixed window per
 * client, so nothing is shared between processes: across W workers a client gets at most W·N per
 * window. The exact fleet-wide limit per address is nginx's, in front (docs/deploy.md#rate-limits).
 * Every limited response carries `RateLimit-Policy` and `RateLimit` as structured fields
 * (draft-ietf-httpapi-ratelimit-headers-11); a refused one is the API's 429 envelope.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { RequestTarget } from '../src/api/request-target.ts';
import { sendApiResponse } from './api-response.ts';
import type { ApiBundle } from './load-build.ts';

/** The default of `npm start`: far above what a person browsing the site and its workbench sends. */
export const DEFAULT_RATE_LIMIT = '600/60s';
/** The policy's name in the structured fields. */
const POLICY = 'api';
/** Seconds per unit of the window in RATE_LIMIT. */
const UNIT_SECONDS = { s: 1, m: 60, h: 3600 } as const;
/**
 * New clients one generation counts at most: past it a new client goes uncounted, which gives nothing
 * to a sender of many addresses (each has a fresh quota anyway) and bounds the worker's memory against one.
 */
export const MAX_CLIENTS = 65_536;

interface RateLimitPolicy {
  points: number;
  seconds: number;
}

/** The RateLimit header fields of an answer. */
export type RateLimitFields = Readonly<Record<string, string>>;

/** No fields: the path is not limited. */
export const NO_FIELDS: RateLimitFields = Object.freeze({});

/** Parses RATE_LIMIT: `<requests>/<window>` with the window in s, m or h (`600/60s`, `100/1m`), or `off`. */
export function parseRateLimit(raw: string): RateLimitPolicy | null {
  const value = raw.trim();
  if (value === 'off') return null;
  const match = /^(\d+)\/(\d+)(s|m|h)$/.exec(value);
  const points = Number(match?.[1]);
  const seconds = Number(match?.[2]) * UNIT_SECONDS[(match?.[3] ?? 's') as keyof typeof UNIT_SECONDS];
  if (!match || points < 1 || seconds < 1) {
    throw new Error(
      `RATE_LIMIT must be <requests>/<window> with the window in s, m or h (such as ${DEFAULT_RATE_LIMIT}), or off; got "${raw}"`,
    );
  }
  return { points, seconds };
}

/** An IPv4 address Node reports in IPv6 form (::ffff:1.2.3.4), as IPv4. */
const unmapped = (address: string) => (address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address);

/** Parses TRUST_PROXY: a comma-separated list of addresses and CIDRs (`127.0.0.1, 10.0.0.0/8, ::1`). */
export function parseTrustProxy(raw: string | null | undefined): BlockList | null {
  if (!raw?.trim()) return null;
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

function isTrusted(trusted: BlockList, address: string) {
  const family = isIP(address);
  return family !== 0 && trusted.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The client a request counts against: the socket's peer or, when the peer is a trusted proxy
 * (TRUST_PROXY), the right-most X-Forwarded-For address that is not: what the nearest untrusted hop
 * was seen as. An untrusted peer's X-Forwarded-For is ignored.
 */
function clientAddress(req: IncomingMessage, trusted: BlockList | null): string {
  const peer = unmapped(req.socket.remoteAddress ?? '');
  const forwarded = req.headers['x-forwarded-for'];
  if (!forwarded || trusted === null || !isTrusted(trusted, peer)) return peer;
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded).split(',');
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = unmapped(hops[index]!.trim());
    // A trusted proxy writes addresses; anything else is the client's own text: not an identity.
    if (isIP(hop) === 0) return peer;
    if (!isTrusted(trusted, hop)) return hop;
  }
  // Every hop is a trusted proxy: the left-most is the closest to the client there is.
  return unmapped(hops[0]!.trim());
}

/** The MCP endpoint and anything under it. */
export function isMcpPath(path: string): boolean {
  return path === '/mcp' || path.startsWith('/mcp/');
}

/** A client's window: requests counted in it, and when it ends (epoch ms). */
interface ClientWindow {
  used: number;
  endsAt: number;
}

/**
 * Counts requests per client in fixed windows, each starting at the client's first request: what a
 * client has left after this request (below 0 once refused) and the milliseconds until its window
 * ends. Clients are kept in two generations, each as long as a window: a window never outlives the
 * generation after its own, so the older one is dropped whole, without a timer per client.
 */
export function createWindowCounter({ points, seconds }: RateLimitPolicy, now: () => number = Date.now) {
  const windowMs = seconds * 1000;
  let current = new Map<string, ClientWindow>();
  let previous = new Map<string, ClientWindow>();
  let turnAt = 0;
  return (client: string) => {
    const time = now();
    if (time >= turnAt) {
      previous = current;
      current = new Map();
      turnAt = time + windowMs;
    }
    let window = current.get(client) ?? previous.get(client);
    if (window === undefined || window.endsAt <= time) {
      window = { used: 0, endsAt: time + windowMs };
      if (current.size < MAX_CLIENTS) current.set(client, window);
    }
    window.used += 1;
    return { remaining: points - window.used, msLeft: window.endsAt - time };
  };
}

/** The limiter the request listener asks before answering a limited path. */
export function createRateLimit(policy: RateLimitPolicy | null, trustProxy: BlockList | null, api: ApiBundle) {
  if (policy === null) return { covers: (_path: string) => false, admit: () => NO_FIELDS };
  const count = createWindowCounter(policy);
  const policyField = `"${POLICY}";q=${policy.points};w=${policy.seconds}`;
  return {
    /** Whether a path is limited: the API and the MCP endpoint. */
    covers: (path: string) => api.isApiPath(path) || isMcpPath(path),
    /**
     * Counts the request: the RateLimit fields its answer carries when it may go on (the caller adds
     * them to its headers, so the API's answer stays one writeHead), null once the 429 has been sent.
     */
    admit(req: IncomingMessage, res: ServerResponse, target: RequestTarget): RateLimitFields | null {
      const { remaining, msLeft } = count(clientAddress(req, trustProxy));
      const seconds = Math.max(1, Math.ceil(msLeft / 1000));
      const fields = { 'RateLimit-Policy': policyField, RateLimit: `"${POLICY}";r=${Math.max(0, remaining)};t=${seconds}` };
      if (remaining >= 0) return fields;
      const result = api.answerRateLimited(req.method ?? 'GET', target, req.headers, seconds);
      sendApiResponse(req, res, result, api.SECURITY_HEADERS, fields);
      return null;
    },
  };
}
