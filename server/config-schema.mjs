// @ts-check
/**
 * The one schema of the server's settings (server/config.mjs reads them): each variable's check,
 * default and allowed values, and the checks only the machine can answer. A bad value is a
 * ConfigError naming the variable, its value and what is allowed.
 *
 * Zod is a runtime dependency of the server (package.json), not reached through the API bundle: the
 * primary checks DIST_DIR, which says where that bundle is, before anything of the build loads. Only
 * the primary loads this module (importing Zod costs a process about 0.3 s); workers get the result.
 */
import { lookup } from 'node:dns/promises';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_RATE_LIMIT, parseRateLimit, parseTrustProxy } from './rate-limit.mjs';

/** How long HOST and METRICS_HOST may take to resolve at start. */
const LOOKUP_TIMEOUT_MS = 2_000;
/** Node's timers hold at most this many milliseconds (a larger delay fires after 1 ms). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** glibc ignores a MALLOC_MMAP_THRESHOLD_ above 32 MiB on 64-bit machines. */
const MAX_MMAP_THRESHOLD = 32 * 1024 * 1024;
const MB = 1024 * 1024;
/** The project root, against which DIST_DIR is resolved. */
const projectRoot = new URL('../', import.meta.url);

/**
 * A whole number from the environment, within bounds, and those bounds in words.
 * @param {number} min
 * @param {number} max
 * @param {string} [unit] what it counts, for the words
 */
const wholeNumber = (min, max, unit) => ({
  schema: z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(min).max(max)),
  allowed: `a whole number${unit ? ` of ${unit}` : ''} from ${min} to ${max}`,
});

/**
 * A value checked by one of the server's own parsers (which throw on a bad value).
 * @template T
 * @param {(raw: string) => T} parse
 */
const parsedBy = (parse) =>
  z.string().transform((raw, context) => {
    try {
      return parse(raw);
    } catch {
      context.addIssue({ code: 'custom', message: 'refused' });
      return z.NEVER;
    }
  });

/**
 * Every variable: its check, its default (as the variable would spell it; none: unset), and what
 * is allowed, in the words the fatal line and the README use.
 * @type {Record<string, { schema: z.ZodType, fallback?: string, allowed: string }>}
 */
export const VARIABLES = {
  PORT: { ...wholeNumber(1, 65535), fallback: '4321' },
  HOST: { schema: z.string(), fallback: '127.0.0.1', allowed: 'an address of this machine, or a name that resolves to one' },
  WEB_CONCURRENCY: { ...wholeNumber(1, 1024), fallback: String(availableParallelism()) },
  CACHE_BUDGET_MB: {
    schema: z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .transform(Number)
      .pipe(z.number().refine((megabytes) => Math.floor(megabytes * MB) >= 1 && megabytes <= 1024 * 1024)),
    fallback: '128',
    allowed: 'a positive number of megabytes, up to 1048576 (such as 128 or 0.5)',
  },
  SHUTDOWN_TIMEOUT_MS: { ...wholeNumber(0, MAX_TIMER_MS), fallback: '10000' },
  HEADERS_TIMEOUT_MS: { ...wholeNumber(1, MAX_TIMER_MS), fallback: '10000' },
  REQUEST_TIMEOUT_MS: { ...wholeNumber(1, MAX_TIMER_MS), fallback: '30000' },
  KEEP_ALIVE_TIMEOUT_MS: { ...wholeNumber(1, MAX_TIMER_MS), fallback: '65000' },
  METRICS_PORT: {
    schema: wholeNumber(0, 65535).schema,
    allowed: 'unset (no metrics), 0 (any free port) or a whole number up to 65535 that is not PORT on the same host',
  },
  METRICS_HOST: { schema: z.string(), fallback: '127.0.0.1', allowed: 'an address of this machine, or a name that resolves to one' },
  RATE_LIMIT: {
    schema: parsedBy(parseRateLimit),
    fallback: DEFAULT_RATE_LIMIT,
    allowed: `<requests>/<window> with the window in s, m or h (such as ${DEFAULT_RATE_LIMIT}), or off`,
  },
  TRUST_PROXY: {
    // Kept as written: the worker builds its address list from it (a BlockList does not serialize).
    schema: parsedBy((raw) => (parseTrustProxy(raw), raw)),
    allowed: 'IP addresses or CIDRs separated by commas (such as 127.0.0.1, 10.0.0.0/8)',
  },
  LOG_REQUESTS: { schema: z.enum(['on', 'off']).transform((value) => value === 'on'), fallback: 'on', allowed: '"on" or "off"' },
  DIST_DIR: {
    schema: z
      .string()
      .transform((named) => fileURLToPath(new URL(`${named}/`.replace(/\/+$/, '/'), projectRoot)))
      .refine((folder) => existsSync(`${folder}build.json`)),
    fallback: 'dist',
    allowed: 'a folder holding a build (its build.json), relative to the project root; npm run build makes dist',
  },
  // Why 64 KiB: server/primary.mjs.
  MALLOC_MMAP_THRESHOLD_: { ...wholeNumber(0, MAX_MMAP_THRESHOLD, 'bytes'), fallback: String(64 * 1024) },
  // Node's and systemd's own: read here so that no other module reads the environment.
  NODE_OPTIONS: { schema: z.string(), fallback: '', allowed: "Node's options" },
  NOTIFY_SOCKET: { schema: z.string(), allowed: "systemd's notification socket" },
};

/** @typedef {keyof typeof VARIABLES} VariableName */

/**
 * One refused variable: the fatal line's fields.
 * @typedef {{ variable: string, value: string, allowed: string, cause?: string }} Problem
 */

/** The settings could not be read: every problem, each naming its variable. */
export class ConfigError extends Error {
  /** @param {Problem[]} problems */
  constructor(problems) {
    super(problems.map(describe).join('; '));
    this.problems = problems;
  }
}

/** @param {Problem} problem */
function describe({ variable, value, allowed, cause }) {
  return `${variable} must be ${allowed}; got "${value}"${cause ? ` (${cause})` : ''}`;
}

/** The one schema: each variable's check, blank or unset taking its default. */
const EnvSchema = z
  .object(
    Object.fromEntries(
      Object.entries(VARIABLES).map(([name, { schema, fallback }]) => [
        name,
        fallback === undefined ? schema.optional() : schema.prefault(fallback),
      ]),
    ),
  )
  .transform((env) => ({
    port: /** @type {number} */ (env['PORT']),
    host: /** @type {string} */ (env['HOST']),
    /** Worker processes; 1 runs the same primary + worker path with one worker. */
    workers: /** @type {number} */ (env['WEB_CONCURRENCY']),
    /** What each worker's caches may hold (src/api/byte-cache.ts), and what its heap plan counts. */
    cacheBudgetMb: /** @type {number} */ (env['CACHE_BUDGET_MB']),
    cacheBudgetBytes: Math.floor(/** @type {number} */ (env['CACHE_BUDGET_MB']) * MB),
    /** Bound on a graceful stop: in-flight requests get this long before connections are cut. */
    shutdownTimeoutMs: /** @type {number} */ (env['SHUTDOWN_TIMEOUT_MS']),
    /** Time to receive a request's headers (slow-header clients). Node's default is 60 s. */
    headersTimeoutMs: /** @type {number} */ (env['HEADERS_TIMEOUT_MS']),
    /** Time to receive a whole request; the site takes no bodies. Node's default is 300 s. */
    requestTimeoutMs: /** @type {number} */ (env['REQUEST_TIMEOUT_MS']),
    /**
     * Idle keep-alive connections close after this. Longer than the 60 s idle timeout of common load
     * balancers, so the balancer, not the server, closes an idle connection (no reuse race).
     */
    keepAliveTimeoutMs: /** @type {number} */ (env['KEEP_ALIVE_TIMEOUT_MS']),
    /** Prometheus metrics on their own listener (null: off), loopback unless METRICS_HOST. */
    metricsPort: /** @type {number | undefined} */ (env['METRICS_PORT']) ?? null,
    metricsHost: /** @type {string} */ (env['METRICS_HOST']),
    /**
     * One log line per request (on by default). Behind nginx, whose access log already has every
     * request with its X-Request-Id, turning it off saves the line's cost (npm run bench measures it).
     */
    logRequests: /** @type {boolean} */ (env['LOG_REQUESTS']),
    /** Per-client limit on /api and /mcp (null: off). */
    rateLimit: /** @type {import('./rate-limit.mjs').RateLimitPolicy | null} */ (env['RATE_LIMIT']),
    /** Proxies whose X-Forwarded-For is believed, as written (null: none); parseTrustProxy makes the list. */
    trustProxy: /** @type {string | undefined} */ (env['TRUST_PROXY']) ?? null,
    /** The build folder as named (absolute, with a trailing slash); each worker resolves its symlinks when it starts. */
    distDir: /** @type {string} */ (env['DIST_DIR']),
    /** glibc's malloc threshold for the workers (server/primary.mjs says why). */
    mallocMmapThreshold: /** @type {number} */ (env['MALLOC_MMAP_THRESHOLD_']),
    /** The operator's Node options: their heap flags win over the workers' heap plan. */
    nodeOptions: /** @type {string} */ (env['NODE_OPTIONS']),
    /** systemd's socket for READY=1 (Type=notify); null when not run by systemd. */
    notifySocket: /** @type {string | undefined} */ (env['NOTIFY_SOCKET']) ?? null,
  }));

/** @typedef {z.output<typeof EnvSchema>} ServerConfig */

/**
 * The variables the schema reads, blank ones as unset.
 * @param {Record<string, string | undefined>} env
 */
function given(env) {
  return Object.fromEntries(
    Object.keys(VARIABLES)
      .map((name) => [name, env[name]?.trim()])
      .filter(([, value]) => value !== undefined && value !== ''),
  );
}

/**
 * Checks every variable the server uses: the schema, then what only the machine can answer (HOST
 * resolves, PORT and METRICS_PORT are free and apart). Throws a ConfigError.
 * @param {Record<string, string | undefined>} env
 * @param {{ probe?: boolean }} [options] probe: bind each port once and let it go (the primary, before it forks)
 * @returns {Promise<ServerConfig>}
 */
export async function checkConfig(env, { probe = true } = {}) {
  const raw = given(env);
  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    const names = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
    throw new ConfigError(names.map((name) => problem(name, raw[name] ?? VARIABLES[name]?.fallback ?? '')));
  }
  const config = parsed.data;
  /** @param {VariableName} name @param {string} [allowed] @param {string} [cause] */
  const refuse = (name, allowed, cause) => {
    throw new ConfigError([problem(name, raw[name] ?? VARIABLES[name]?.fallback ?? '', allowed, cause)]);
  };
  const hostAddresses = await resolve(config.host).catch((/** @type {Error} */ error) => refuse('HOST', undefined, error.message));
  if (config.metricsPort !== null) {
    const metricsAddresses = await resolve(config.metricsHost).catch((/** @type {Error} */ error) =>
      refuse('METRICS_HOST', undefined, error.message),
    );
    if (config.metricsPort === config.port && overlap(hostAddresses ?? [], metricsAddresses ?? [])) {
      refuse('METRICS_PORT', `a port other than PORT (${config.port}) when METRICS_HOST and HOST share an address`);
    }
  }
  if (!probe) return config;
  const portFailure = await bindFailure(config.port, config.host);
  if (portFailure === 'EADDRNOTAVAIL') refuse('HOST', undefined, 'not an address of this machine');
  if (portFailure) refuse('PORT', `a port free on ${config.host} that this user may bind`, portFailure);
  if (config.metricsPort !== null && config.metricsPort !== 0) {
    const metricsFailure = await bindFailure(config.metricsPort, config.metricsHost);
    if (metricsFailure === 'EADDRNOTAVAIL') refuse('METRICS_HOST', undefined, 'not an address of this machine');
    if (metricsFailure) refuse('METRICS_PORT', `a port free on ${config.metricsHost} that this user may bind`, metricsFailure);
  }
  return config;
}

/**
 * @param {string} variable
 * @param {string} value
 * @param {string} [allowed]
 * @param {string} [cause]
 * @returns {Problem}
 */
function problem(variable, value, allowed = VARIABLES[variable]?.allowed ?? 'valid', cause) {
  return cause === undefined ? { variable, value, allowed } : { variable, value, allowed, cause };
}

/**
 * The addresses a host name stands for, within LOOKUP_TIMEOUT_MS.
 * @param {string} host
 * @returns {Promise<string[]>}
 */
async function resolve(host) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${LOOKUP_TIMEOUT_MS} ms`)), LOOKUP_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([lookup(host, { all: true }), late]);
    return /** @type {{ address: string }[]} */ (found).map((each) => each.address);
  } catch (error) {
    const code = /** @type {{ code?: string }} */ (error).code;
    throw new Error(code === 'ENOTFOUND' ? 'does not resolve' : error instanceof Error ? error.message : String(error), { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** The unspecified addresses, which take every address of their family. */
const ANY = new Set(['0.0.0.0', '::']);

/**
 * Whether two listeners' addresses can collide.
 * @param {string[]} first
 * @param {string[]} second
 */
function overlap(first, second) {
  return first.some((address) => ANY.has(address) || second.includes(address)) || second.some((address) => ANY.has(address));
}

/**
 * Binds `port` on `host` once and lets it go: the error code that stops it, or null.
 * @param {number} port
 * @param {string} host
 * @returns {Promise<string | null>}
 */
function bindFailure(port, host) {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', (/** @type {NodeJS.ErrnoException} */ error) => done(error.code ?? error.message));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => done(null)));
  });
}
