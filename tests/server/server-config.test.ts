/** The server's switches are checked at start: a typo fails with the variable, the value and what is allowed. */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.mjs';

describe('LOG_REQUESTS', () => {
  it('is on unless set to off', () => {
    expect(readConfig({}).logRequests).toBe(true);
    expect(readConfig({ LOG_REQUESTS: ' ' }).logRequests).toBe(true);
    expect(readConfig({ LOG_REQUESTS: 'on' }).logRequests).toBe(true);
    expect(readConfig({ LOG_REQUESTS: 'off' }).logRequests).toBe(false);
  });
  it.each(['0', 'false', 'OFF', 'no'])('refuses %j', (raw) => {
    expect(() => readConfig({ LOG_REQUESTS: raw })).toThrow(`LOG_REQUESTS must be "on" or "off"; got "${raw}"`);
  });
});
