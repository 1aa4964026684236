// @ts-check
/**
 * The production server's settings: every environment variable the server uses is read here and
 * nowhere else. The primary reads them once and checks them with one schema
 * (server/config-schema.mjs) before it forks: ranges, formats, whether HOST resolves, whether PORT
 * and METRICS_PORT can be bound. Each worker then gets the checked object, serialized in one
 * variable (configFromPrimary). A bad value stops the start with one line naming the variable, its
 * value and what is allowed (server/index.mjs).
 */

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
/** The variable that carries the checked settings from the primary to its workers. */
export const WORKER_CONFIG_VARIABLE = 'SERVER_CONFIG_JSON';
/**
 * @typedef {import('./config-schema.mjs').ServerConfig} ServerConfig
 */

/**
 * Reads and checks every variable the server uses (server/config-schema.mjs). Throws a ConfigError.
 * @param {Record<string, string | undefined>} [env] the process's environment unless given
 * @param {{ probe?: boolean }} [options] probe: bind each port once and let it go (the primary, before it forks)
 * @returns {Promise<ServerConfig>}
 */
export async function readConfig(env = process.env, options = {}) {
  const { checkConfig } = await import('./config-schema.mjs');
  return checkConfig(env, options);
}

/**
 * The environment of a worker: the checked settings as one variable, and glibc's threshold.
 * @param {ServerConfig} config
 */
export function workerEnv(config) {
  return { [WORKER_CONFIG_VARIABLE]: JSON.stringify(config), MALLOC_MMAP_THRESHOLD_: String(config.mallocMmapThreshold) };
}

/**
 * A worker's settings, as its primary checked them.
 * @param {Record<string, string | undefined>} [env] the process's environment unless given
 * @returns {ServerConfig}
 */
export function configFromPrimary(env = process.env) {
  const serialized = env[WORKER_CONFIG_VARIABLE];
  if (serialized === undefined) throw new Error('server/worker.mjs runs under its primary: start the server with node server/index.mjs');
  return JSON.parse(serialized);
}
