// @ts-check
/**
 * `npm start`: the production server. This is the primary process (primary.mjs), which runs
 * WEB_CONCURRENCY workers (worker.mjs); each worker serves the build in dist/ on PORT and HOST
 * through the request path in app.mjs, and logs one JSON line per request.
 */
import { readConfig } from './config.mjs';
import { createLog } from './log.mjs';
import { runPrimary } from './primary.mjs';

const log = createLog({ sync: true });
try {
  runPrimary(readConfig(process.env), log);
} catch (error) {
  log.fatal({ message: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
}
