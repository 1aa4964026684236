/**
 * The production server's settings: every environment variable the server uses is read here and
 * nowhere else. The primary checks them once (server/config-schema.ts) before it forks; each worker
 * gets the checked object in one variable (configFromPrimary).
 */
import { enableCompileCache } from 'node:module';
import type { ServerConfig } from './config-schema.ts';

export type { ServerConfig };

/** Bound on the header section of a request, in bytes (Node's default, stated so it cannot drift); more is a 431. */
export const MAX_HEADER_SIZE = 16 * 1024;
/** How often Node checks headersTimeout and requestTimeout (its default, 30 s, would let a slow client hold on 40 s). */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;
/** The variable that carries the checked settings from the primary to its workers. */
const WORKER_CONFIG_VARIABLE = 'SERVER_CONFIG_JSON';

/**
 * Turns on Node's compile cache (server/index.ts), in Node's default place unless NODE_COMPILE_CACHE
 * names another, and hands its directory to the workers, which inherit the environment.
 */
export function keepCompiledModules(): void {
  const { directory } = enableCompileCache();
  if (directory !== undefined) process.env['NODE_COMPILE_CACHE'] = directory;
}

/** Reads and checks the settings (the environment's unless given); loads the schema only in the primary. */
export async function readConfig(env: Record<string, string | undefined> = process.env, options: { probe?: boolean } = {}) {
  return (await import('./config-schema.ts')).checkConfig(env, options);
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
