/**
 * `npm start`: the production server's primary process. It checks the settings once (config.ts),
 * then runs the workers (primary.ts); a bad setting is one fatal line naming the variable, its value
 * and what is allowed, and exit 1 before any worker starts.
 */
import { ConfigError } from './config-schema.ts';
import { readConfig } from './config.ts';
import { createLog, flushAndExit } from './log.ts';

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
