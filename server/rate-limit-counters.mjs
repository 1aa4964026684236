// @ts-check
/**
 * In the primary: the per-client counters of the rate limit (server/rate-limit.mjs), one
 * rate-limiter-flexible memory limiter for the whole machine. Workers send the keys of a batch of
 * requests; the answer keeps their order. Only the primary loads the library.
 */
import cluster from 'node:cluster';
import rateLimiterFlexible from 'rate-limiter-flexible';
import { ANSWER, ASK, POLICY } from './rate-limit.mjs';

const { RateLimiterMemory, RateLimiterRes } = rateLimiterFlexible;

/** @typedef {import('./rate-limit.mjs').RateLimitPolicy} RateLimitPolicy */
/** @typedef {import('./rate-limit.mjs').Verdict} Verdict */

/** In the primary: the counters every worker's limiter asks, one batch of keys per message. */
export function startRateLimitCounters(/** @type {RateLimitPolicy} */ policy) {
  const counters = new RateLimiterMemory({ keyPrefix: POLICY, points: policy.points, duration: policy.seconds });
  cluster.on('message', (worker, /** @type {{ type?: string, id?: number, keys?: string[] }} */ message) => {
    if (message?.type !== ASK || !Array.isArray(message.keys)) return;
    // consume() counts synchronously: the keys are counted in the order the worker sent them.
    const answers = message.keys.map((key) =>
      counters.consume(key).then(
        (/** @type {import('rate-limiter-flexible').RateLimiterRes} */ res) =>
          /** @type {Verdict} */ ([true, res.remainingPoints, res.msBeforeNext]),
        (/** @type {unknown} */ res) => /** @type {Verdict} */ ([false, 0, res instanceof RateLimiterRes ? res.msBeforeNext : 1000]),
      ),
    );
    void Promise.all(answers).then((verdicts) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, verdicts });
    });
  });
}
