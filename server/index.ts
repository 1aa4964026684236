/**
 * `npm start`: the production server's primary process. It checks the settings once (config.ts),
 * then runs the workers (primary.ts); a bad setting is one fatal line naming the variable, its value
 * and what is allowed, and exit 1 before any worker starts.
 *
 * First, Node's compile cache (keepCompiledModules): each module's compiled code (types stripped,
 * V8's code cache) is kept on disk for the next start; where it cannot write, nothing is kept and
 * nothing fails. The other modules are imported after it, so they are cached too.
 */
import { keepCompiledModules, readConfig } from './config.ts';

keepCompiledModules();
const { ConfigError } = await import('./config-schema.ts');
const { createLog, flushAndExit } = await import('./log.ts');

const log = createLog({ sync: true });
try {
  const config = await readConfig();
  // The primary's own modules (cluster, metrics) load once the settings are known to be good.
  const { runPrimary } = await import('./primary.ts');
  await runPrimary(config, log);
} catch (error) {
  if (error instanceof ConfigError) {
    const [first, ...more] = error.problems;
    log.fatal({ message: error.message, ...first, ...(more.length > 0 ? { more } : {}) });
  } else {
    log.fatal({ message: error instanceof Error ? error.message : String(error) });
  }
  flushAndExit(log, 1);
}
