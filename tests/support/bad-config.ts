/** Bad values of every variable server/config-schema.ts checks (the unit and the loopback tests share them). */
export const BAD: Record<string, string[]> = {
  PORT: ['99999', '0', 'abc', '-1', '80.5'],
  HOST: ['not.a.host'],
  WEB_CONCURRENCY: ['0', '-2', 'many'],
  CACHE_BUDGET_MB: ['-1', '0', 'abc', 'Infinity', '1e3', '0.0000001'],
  SHUTDOWN_TIMEOUT_MS: ['-1', 'soon', '2147483648'],
  HEADERS_TIMEOUT_MS: ['0', '1.5'],
  REQUEST_TIMEOUT_MS: ['0'],
  KEEP_ALIVE_TIMEOUT_MS: ['0', 'x'],
  METRICS_PORT: ['65536', 'x'],
  METRICS_HOST: ['not.a.host'],
  RATE_LIMIT: ['600', '0/60s', 'on'],
  TRUST_PROXY: ['localhost', '10.0.0.0/33'],
  LOG_REQUESTS: ['0', 'OFF', 'no'],
  DIST_DIR: ['no-such-folder', 'src'],
  MALLOC_MMAP_THRESHOLD_: ['-1', '33554433', 'big'],
};

/** Variables read but not checked: Node's and systemd's own. */
export const UNCHECKED = ['NODE_OPTIONS', 'NOTIFY_SOCKET'];

/** What a bad value needs beside it to be read at all. */
export const NEEDS: Record<string, Record<string, string>> = { METRICS_HOST: { METRICS_PORT: '9464' } };
