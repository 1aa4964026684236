// @ts-check
/**
 * The production server's settings, read from the environment once and checked, so a typo fails at
 * start with the variable, the value and what is allowed.
 */
import { availableParallelism } from 'node:os';
import { DEFAULT_RATE_LIMIT, parseRateLimit, parseTrustProxy } from './rate-limit.mjs';

/** Bound on the header section of a request, in bytes (Node's default, stated so it cannot drift); more is a 431. */
export const MAX_HEADER_SIZE = 16 * 1024;
/** How often Node checks headersTimeout and requestTimeout (its default, 30 s, would let a slow client hold on 40 s). */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;
/**
 * Requests one connection may have waiting for their answers (HTTP/1.1 pipelining). Node answers
 * every request of a read at once and queues the answers of those sent ahead: 200 connections
 * pipelining 1,000 requests each and reading nothing took 10.9 s of a worker's CPU and 251 MB of
 * RSS. Browsers and common clients send one at a time; a connection past this is cut.
 */
export const MAX_PIPELINED_REQUESTS = 32;
/** While draining, a connection idle this long is closed; a busy one is closed after its response (Connection: close). */
export const DRAIN_IDLE_GRACE_MS = 1_000;

/**
 * A whole number (milliseconds or a count) from the environment, with a default and a floor.
 * @param {Record<string, string | undefined>} env
 * @param {string} name
 * @param {number} fallback
 * @param {number} min
 */
function integer(env, name, fallback, min) {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be a whole number >= ${min}; got "${raw}"`);
  }
  return value;
}

/**
 * A switch from the environment: `on` or `off`, with a default.
 * @param {Record<string, string | undefined>} env
 * @param {string} name
 * @param {boolean} fallback
 */
function onOff(env, name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (raw === 'on' || raw === 'off') return raw === 'on';
  throw new Error(`${name} must be "on" or "off"; got "${raw}"`);
}

/**
 * @typedef {ReturnType<typeof readConfig>} ServerConfig
 */

/**
 * Reads and checks every variable the server uses.
 * @param {Record<string, string | undefined>} env
 */
export function readConfig(env) {
  return {
    port: integer(env, 'PORT', 4321, 0),
    host: env['HOST'] ?? '127.0.0.1',
    /** Worker processes; 1 runs the same primary + worker path with one worker. */
    workers: integer(env, 'WEB_CONCURRENCY', availableParallelism(), 1),
    /** Bound on a graceful stop: in-flight requests get this long before connections are cut. */
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0),
    /** Time to receive a request's headers (slow-header clients). Node's default is 60 s. */
    headersTimeoutMs: integer(env, 'HEADERS_TIMEOUT_MS', 10_000, 1),
    /** Time to receive a whole request; the site takes no bodies. Node's default is 300 s. */
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 1),
    /**
     * Idle keep-alive connections close after this. Longer than the 60 s idle timeout of common load
     * balancers, so the balancer, not the server, closes an idle connection (no reuse race).
     */
    keepAliveTimeoutMs: integer(env, 'KEEP_ALIVE_TIMEOUT_MS', 65_000, 1),
    /** Prometheus metrics on their own listener (off when METRICS_PORT is unset), loopback unless METRICS_HOST. */
    metricsPort: env['METRICS_PORT'] === undefined || env['METRICS_PORT'].trim() === '' ? null : integer(env, 'METRICS_PORT', 0, 0),
    metricsHost: env['METRICS_HOST'] ?? '127.0.0.1',
    /**
     * One log line per request (on by default). Behind nginx, whose access log already has every
     * request with its X-Request-Id, turning it off saves the line's cost (npm run bench measures it).
     */
    logRequests: onOff(env, 'LOG_REQUESTS', true),
    /** Per-client limit on /api and /mcp (null: off). */
    rateLimit: parseRateLimit(env['RATE_LIMIT'] ?? DEFAULT_RATE_LIMIT),
    /** Proxies whose X-Forwarded-For is believed (null: none). */
    trustProxy: parseTrustProxy(env['TRUST_PROXY']),
  };
}
