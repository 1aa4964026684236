/** RATE_LIMIT and TRUST_PROXY are checked at start (a typo fails with the value and what is allowed), and how a worker counts. */
import { describe, expect, it } from 'vitest';
import { createWindowCounter, DEFAULT_RATE_LIMIT, MAX_CLIENTS, parseRateLimit, parseTrustProxy } from '../../server/rate-limit.ts';

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

describe('the window counter of a worker', () => {
  const policy = { points: 3, seconds: 60 };
  /** A counter on a clock the test moves. */
  function counter() {
    const clock = { now: 1_000_000 };
    return { clock, count: createWindowCounter(policy, () => clock.now) };
  }

  it('refuses at request N+1 of a client, apart from every other client, until its window ends', () => {
    const { clock, count } = counter();
    expect([1, 2, 3, 4].map(() => count('a').remaining)).toEqual([2, 1, 0, -1]);
    expect(count('b').remaining).toBe(2);
    clock.now += 59_000;
    expect(count('a')).toEqual({ remaining: -2, msLeft: 1_000 });
    clock.now += 1_000;
    expect(count('a')).toEqual({ remaining: 2, msLeft: 60_000 });
  });

  it('keeps a window begun late in a generation through the next one', () => {
    const { clock, count } = counter();
    count('early');
    clock.now += 59_999;
    expect(count('late').remaining).toBe(2);
    // The generation turns: 'late' is still in its window, 'early' has a new one.
    clock.now += 1;
    expect(count('late').remaining).toBe(1);
    expect(count('early').remaining).toBe(2);
    clock.now += 59_998;
    expect(count('late').remaining).toBe(0);
  });

  it(`counts at most ${MAX_CLIENTS} new clients a generation; later ones go uncounted`, () => {
    const { count } = counter();
    for (let index = 0; index < MAX_CLIENTS; index += 1) count(`client ${index}`);
    expect([1, 2, 3, 4].map(() => count('one more').remaining)).toEqual([2, 2, 2, 2]);
    expect(count('client 0').remaining).toBe(1);
  });
});
