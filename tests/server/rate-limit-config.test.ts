/** RATE_LIMIT and TRUST_PROXY are checked at start: a typo fails with the value and what is allowed. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMIT, parseRateLimit, parseTrustProxy } from '../../server/rate-limit.mjs';

describe('RATE_LIMIT', () => {
  it('reads requests per window in s, m or h, and off', () => {
    expect(parseRateLimit('600/60s')).toEqual({ points: 600, seconds: 60 });
    expect(parseRateLimit('100/1m')).toEqual({ points: 100, seconds: 60 });
    expect(parseRateLimit('5000/1h')).toEqual({ points: 5000, seconds: 3600 });
    expect(parseRateLimit('off')).toBeNull();
    expect(parseRateLimit(DEFAULT_RATE_LIMIT)).not.toBeNull();
  });
  it.each(['600', '600/60', '0/60s', '600/0s', '-1/60s', '600/60d', 'on', ''])('refuses %j', (raw) => {
    expect(() => parseRateLimit(raw)).toThrow(/RATE_LIMIT must be/);
  });
});

describe('TRUST_PROXY', () => {
  it('reads addresses and CIDRs of both families', () => {
    const list = parseTrustProxy('127.0.0.1, 10.0.0.0/8, ::1, fd00::/8')!;
    expect(list.check('10.20.30.40', 'ipv4')).toBe(true);
    expect(list.check('11.0.0.1', 'ipv4')).toBe(false);
    expect(list.check('fd12::1', 'ipv6')).toBe(true);
    expect(parseTrustProxy(undefined)).toBeNull();
    expect(parseTrustProxy(' ')).toBeNull();
  });
  it.each(['localhost', '10.0.0.0/33', '::1/129', '10.0.0.0/x'])('refuses %j', (raw) => {
    expect(() => parseTrustProxy(raw)).toThrow(/TRUST_PROXY must list/);
  });
});
