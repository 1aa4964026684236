// @ts-check
/**
 * In the primary: the per-client counters of the rate limit (server/rate-limit.mjs), one
 * rate-limiter-flexible memory limiter for the whole machine. Workers send the keys of a batch of
 * requests; the answer keeps their order. Only the primary loads the library.
 *
 * A busy client far from its limit gets a lease with its answer: requests counted ahead for the
 * asking worker, which decides them without a round trip. Leases stop well before the limit
 * (each is at most a LEASE_SHARE-th of what is left, split between the workers), so the last
 * requests and the refusal are counted here one by one, whichever worker asks.
 */
import cluster from 'node:cluster';
import rateLimiterFlexible from 'rate-limiter-flexible';
import { ANSWER, ASK, GIVE_BACK, POLICY, WINDOW_MATCH_MS } from './rate-limit.mjs';

const { RateLimiterMemory, RateLimiterRes } = rateLimiterFlexible;

/** Requests of a window counted one by one before a client gets leases: a person browsing never does. */
const LEASE_AFTER = 32;
/** The most requests one lease holds (a round trip per half of it under load). */
const MAX_LEASE = 128;
/** Fewer than this is not worth a lease. */
const MIN_LEASE = 4;
/** A lease takes at most 1/(LEASE_SHARE × workers) of what the client has left. */
const LEASE_SHARE = 4;

/** @typedef {import('./rate-limit.mjs').RateLimitPolicy} RateLimitPolicy */
/** @typedef {import('./rate-limit.mjs').Verdict} Verdict */
/** @typedef {import('rate-limiter-flexible').RateLimiterRes} LimiterRes */

/** In the primary: the counters every worker's limiter asks, one batch of keys per message. */
export function startRateLimitCounters(/** @type {RateLimitPolicy} */ policy) {
  const counters = new RateLimiterMemory({ keyPrefix: POLICY, points: policy.points, duration: policy.seconds });

  /**
   * Counts one request for `key`, and leases more when the client is busy and far from its limit.
   * @param {string} key
   * @returns {Promise<Verdict>}
   */
  const countOne = async (key) => {
    /** @type {LimiterRes} */
    let res;
    try {
      // consume() counts synchronously: the keys are counted in the order the worker sent them.
      res = await counters.consume(key);
    } catch (refused) {
      const msBeforeNext = refused instanceof RateLimiterRes ? refused.msBeforeNext : 1000;
      return [false, 0, msBeforeNext, 0, Date.now() + msBeforeNext];
    }
    const workers = Math.max(1, Object.keys(cluster.workers ?? {}).length);
    const size = Math.min(MAX_LEASE, Math.floor(res.remainingPoints / (LEASE_SHARE * workers)));
    let leased = 0;
    if (res.consumedPoints > LEASE_AFTER && size >= MIN_LEASE) {
      try {
        res = await counters.consume(key, size);
        leased = size;
      } catch {
        // Others took what was left meanwhile: undo the attempt (a refused consume still counts).
        await counters.reward(key, size);
      }
    }
    return [true, res.remainingPoints, res.msBeforeNext, leased, Date.now() + res.msBeforeNext];
  };

  /**
   * Takes back a lease's unused requests, if their window is still the current one.
   * @param {[key: string, tokens: number, windowEnd: number]} unused
   */
  const giveBack = async ([key, tokens, windowEnd]) => {
    const current = await counters.get(key);
    if (current && Math.abs(Date.now() + current.msBeforeNext - windowEnd) < WINDOW_MATCH_MS) await counters.reward(key, tokens);
  };

  cluster.on('message', (worker, /** @type {{ type?: string, id?: number, keys?: string[], unused?: unknown }} */ message) => {
    if (message?.type === GIVE_BACK && Array.isArray(message.unused)) {
      for (const unused of message.unused) {
        if (Array.isArray(unused) && typeof unused[0] === 'string' && Number.isInteger(unused[1]) && unused[1] > 0)
          void giveBack(/** @type {[string, number, number]} */ (unused));
      }
      return;
    }
    if (message?.type !== ASK || !Array.isArray(message.keys)) return;
    void Promise.all(message.keys.map(countOne)).then((verdicts) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, verdicts });
    });
  });
}
