/**
 * The one schema of the server's settings (server/config.ts reads them): each variable's check,
 * default and allowed values, then the checks only the machine can answer. A bad value is a
 * ConfigError naming the variable, its value and what is allowed. Only the primary loads this module
 * (importing Zod is slow), from node_modules: it checks DIST_DIR before anything of the build loads.
 */
import { lookup } from 'node:dns/promises';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { MB } from './heap-limit.ts';
import { DEFAULT_RATE_LIMIT, parseRateLimit, parseTrustProxy } from './rate-limit.ts';

/** How long HOST and METRICS_HOST may take to resolve at start. */
const LOOKUP_TIMEOUT_MS = 2_000;
/** Node's timers hold at most this many milliseconds (a larger delay fires after 1 ms). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** glibc ignores a MALLOC_MMAP_THRESHOLD_ above 32 MiB on 64-bit machines. */
const MAX_MMAP_THRESHOLD = 32 * MB;
const MAX_CACHE_BUDGET_MB = 1024 * 1024;
/** The project root, against which DIST_DIR is resolved. */
const projectRoot = new URL('../', import.meta.url);
const LOCAL_ADDRESS = 'an address of this machine, or a name that resolves to one';

/** A whole number from the environment, within bounds, and those bounds in words (`unit`: what it counts). */
const wholeNumber = (min: number, max: number, unit?: string) => ({
  schema: z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(min).max(max)),
  allowed: `a whole number${unit ? ` of ${unit}` : ''} from ${min} to ${max}`,
});

/** A value checked by one of the server's own parsers (which throw on a bad value). */
const parsedBy = <T>(parse: (raw: string) => T) =>
  z.string().transform((raw, context) => {
    try {
      return parse(raw);
    } catch {
      context.addIssue({ code: 'custom', message: 'refused' });
      return z.NEVER;
    }
  });

interface Variable {
  schema: z.ZodType<unknown, string>;
  /** The default, as the variable would spell it; none: unset. */
  fallback?: string;
  /** What is allowed, in the words the fatal line and the README use. */
  allowed: string;
}

const variables = {
  PORT: { ...wholeNumber(1, 65535), fallback: '4321' },
  HOST: { schema: z.string(), fallback: '127.0.0.1', allowed: LOCAL_ADDRESS },
  WEB_CONCURRENCY: { ...wholeNumber(1, 1024), fallback: String(availableParallelism()) },
  CACHE_BUDGET_MB: {
    schema: z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .transform(Number)
      .pipe(z.number().refine((megabytes) => Math.floor(megabytes * MB) >= 1 && megabytes <= MAX_CACHE_BUDGET_MB)),
    fallback: '128',
    allowed: `a positive number of megabytes, up to ${MAX_CACHE_BUDGET_MB} (such as 128 or 0.5)`,
  },
  SHUTDOWN_TIMEOUT_MS: { ...wholeNumber(0, MAX_TIMER_MS), fallback: '10000' },
  // Node's defaults (60 s for the headers, 300 s for a request) let a slow client hold a connection long.
  HEADERS_TIMEOUT_MS: { ...wholeNumber(1, MAX_TIMER_MS), fallback: '10000' },
  REQUEST_TIMEOUT_MS: { ...wholeNumber(1, MAX_TIMER_MS), fallback: '30000' },
  // Past the 60 s of common load balancers, so the balancer closes an idle connection (no reuse race).
  KEEP_ALIVE_TIMEOUT_MS: { ...wholeNumber(1, MAX_TIMER_MS), fallback: '65000' },
  METRICS_PORT: {
    schema: wholeNumber(0, 65535).schema,
    allowed: 'unset (no metrics), 0 (any free port) or a whole number up to 65535 that is not PORT on the same host',
  },
  METRICS_HOST: { schema: z.string(), fallback: '127.0.0.1', allowed: LOCAL_ADDRESS },
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
  // Why 64 KiB: server/primary.ts.
  MALLOC_MMAP_THRESHOLD_: { ...wholeNumber(0, MAX_MMAP_THRESHOLD, 'bytes'), fallback: String(64 * 1024) },
  // Node's and systemd's own: read here so that no other module reads the environment.
  NODE_OPTIONS: { schema: z.string(), fallback: '', allowed: "Node's options" },
  NOTIFY_SOCKET: { schema: z.string(), allowed: "systemd's notification socket" },
} satisfies Record<string, Variable>;
/** Every variable: its check, its default and what is allowed. */
export const VARIABLES: Readonly<Record<string, Variable>> = variables;

type VariableName = keyof typeof variables;
/** Each variable's checked value: undefined when it has no default and is unset. */
type Checked = {
  [Name in VariableName]:
    z.output<(typeof variables)[Name]['schema']> | ((typeof variables)[Name] extends { fallback: string } ? never : undefined);
};

/** One refused variable: the fatal line's fields. */
export interface Problem {
  variable: string;
  value: string;
  allowed: string;
  cause?: string | undefined;
}

/** The settings could not be read: every problem, each naming its variable. */
export class ConfigError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(
      problems
        .map(({ variable, value, allowed, cause }) => `${variable} must be ${allowed}; got "${value}"${cause ? ` (${cause})` : ''}`)
        .join('; '),
    );
    this.problems = problems;
  }
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
  .transform((raw) => {
    const env = raw as Checked;
    return {
      port: env.PORT,
      host: env.HOST,
      workers: env.WEB_CONCURRENCY,
      cacheBudgetMb: env.CACHE_BUDGET_MB,
      cacheBudgetBytes: Math.floor(env.CACHE_BUDGET_MB * MB),
      shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
      headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
      /** null: no metrics listener. */
      metricsPort: env.METRICS_PORT ?? null,
      metricsHost: env.METRICS_HOST,
      logRequests: env.LOG_REQUESTS,
      /** null: no limit. */
      rateLimit: env.RATE_LIMIT,
      /** As written (null: none); parseTrustProxy makes the list. */
      trustProxy: env.TRUST_PROXY ?? null,
      /** Absolute, with a trailing slash; each worker resolves its symlinks when it starts. */
      distDir: env.DIST_DIR,
      mallocMmapThreshold: env.MALLOC_MMAP_THRESHOLD_,
      /** The operator's Node options: their heap flags win over the workers' heap plan. */
      nodeOptions: env.NODE_OPTIONS,
      /** systemd's socket for READY=1; null when not run by systemd. */
      notifySocket: env.NOTIFY_SOCKET ?? null,
    };
  });

export type ServerConfig = z.output<typeof EnvSchema>;

/**
 * Checks every variable the server uses: the schema, then what only the machine can answer (HOST
 * resolves, PORT and METRICS_PORT are free and apart). `probe`: bind each port once and let it go
 * (the primary, before it forks). Throws a ConfigError.
 */
export async function checkConfig(env: Record<string, string | undefined>, { probe = true } = {}): Promise<ServerConfig> {
  // Blank variables count as unset.
  const raw: Record<string, string> = {};
  for (const name of Object.keys(VARIABLES)) {
    const value = env[name]?.trim();
    if (value) raw[name] = value;
  }
  /** The fatal line's fields for `name`, with the value it was given (or its default). */
  const problem = (name: VariableName, allowed = VARIABLES[name]!.allowed, cause?: string): Problem => ({
    variable: name,
    value: raw[name] ?? VARIABLES[name]!.fallback ?? '',
    allowed,
    cause,
  });
  const refuse = (name: VariableName, allowed?: string, cause?: string): never => {
    throw new ConfigError([problem(name, allowed, cause)]);
  };
  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    const names = new Set(parsed.error.issues.map((issue) => issue.path[0] as VariableName));
    throw new ConfigError([...names].map((name) => problem(name)));
  }
  const config = parsed.data;
  const addresses = (name: VariableName, host: string) => resolve(host).catch((error: Error) => refuse(name, undefined, error.message));
  /** Binds `port` on `host` once and lets it go: refuses the host or the port when that fails. */
  const bind = async (portName: VariableName, hostName: VariableName, port: number, host: string) => {
    const failure = await bindFailure(port, host);
    if (failure === 'EADDRNOTAVAIL') refuse(hostName, undefined, 'not an address of this machine');
    if (failure) refuse(portName, `a port free on ${host} that this user may bind`, failure);
  };
  const hostAddresses = await addresses('HOST', config.host);
  if (config.metricsPort !== null) {
    const metricsAddresses = await addresses('METRICS_HOST', config.metricsHost);
    if (config.metricsPort === config.port && overlap(hostAddresses, metricsAddresses)) {
      refuse('METRICS_PORT', `a port other than PORT (${config.port}) when METRICS_HOST and HOST share an address`);
    }
  }
  if (!probe) return config;
  await bind('PORT', 'HOST', config.port, config.host);
  // 0 takes any free port: nothing to probe.
  if (config.metricsPort) await bind('METRICS_PORT', 'METRICS_HOST', config.metricsPort, config.metricsHost);
  return config;
}

/** The addresses a host name stands for, within LOOKUP_TIMEOUT_MS. */
async function resolve(host: string): Promise<string[]> {
  const found = lookup(host, { all: true }).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOTFOUND' ? new Error('does not resolve') : error;
  });
  const late = sleep(LOOKUP_TIMEOUT_MS, undefined, { ref: false }).then(() => {
    throw new Error(`no answer within ${LOOKUP_TIMEOUT_MS} ms`);
  });
  return (await Promise.race([found, late])).map((each) => each.address);
}

/** The unspecified addresses, which take every address of their family. */
const ANY = new Set(['0.0.0.0', '::']);

/** Whether two listeners' addresses can collide. */
function overlap(first: string[], second: string[]) {
  return first.some((address) => ANY.has(address) || second.includes(address)) || second.some((address) => ANY.has(address));
}

/** Binds `port` on `host` once and lets it go: the error code that stops it, or null. */
function bindFailure(port: number, host: string): Promise<string | null> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => done(null)));
  });
}
