/**
 * The production server's settings: every environment variable the server uses is read here and
 * nowhere else. The primary reads them once and checks them with one schema
 * (server/config-schema.ts) before it forks: ranges, formats, whether HOST resolves, whether PORT
 * and METRICS_PORT can be bound. Each worker then gets the checked object, serialized in one
 * variable (configFromPrimary). A bad value stops the start with one line naming the variable, its
 * value and what is allowed (server/index.ts).
 */
import type { ServerConfig } from './config-schema.ts';

export type { ServerConfig };

/** Bound on the header section of a request, in bytes (Node's default, stated so it cannot drift); more is a 431. */
export const MAX_HEADER_SIZE = 16 * 1024;
/** How often Node checks headersTimeout and requestTimeout (its default, 30 s, would let a slow client hold on 40 s). */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;
/**
 * Requests one connection may have waiting for their answers (HTTP/1.1 pipelining). Node answers
 * every request of a read at once and queues the answers of those sent ahead, which a client that
 * reads nothing turns into a worker's CPU and memory (docs/benchmark.md). Browsers and common clients
 * send one at a time; a connection past this is cut.
 */
export const MAX_PIPELINED_REQUESTS = 32;
/** While draining, a connection idle this long is closed; a busy one is closed after its response (Connection: close). */
export const DRAIN_IDLE_GRACE_MS = 1_000;
/** The variable that carries the checked settings from the primary to its workers. */
const WORKER_CONFIG_VARIABLE = 'SERVER_CONFIG_JSON';

/**
 * Reads and checks every variable the server uses (server/config-schema.ts), from the process's
 * environment unless given. `probe`: bind each port once and let it go (the primary, before it
 * forks). Throws a ConfigError.
 */
export async function readConfig(
  env: Record<string, string | undefined> = process.env,
  options: { probe?: boolean } = {},
): Promise<ServerConfig> {
  const { checkConfig } = await import('./config-schema.ts');
  return checkConfig(env, options);
}

/** The environment of a worker: the checked settings as one variable, and glibc's threshold. */
export function workerEnv(config: ServerConfig): Record<string, string> {
  return { [WORKER_CONFIG_VARIABLE]: JSON.stringify(config), MALLOC_MMAP_THRESHOLD_: String(config.mallocMmapThreshold) };
}

/** A worker's settings, as its primary checked them (from the process's environment unless given). */
export function configFromPrimary(env: Record<string, string | undefined> = process.env): ServerConfig {
  const serialized = env[WORKER_CONFIG_VARIABLE];
  if (serialized === undefined) throw new Error('server/worker.ts runs under its primary: start the server with node server/index.ts');
  return JSON.parse(serialized) as ServerConfig;
}
