// @ts-check
/**
 * In the primary: the per-client counters of the rate limit (server/rate-limit.mjs), one
 * rate-limiter-flexible memory limiter for the whole machine. Workers send the keys of a batch of
 * requests; the answer keeps their order. Only the primary loads the library.
 *
 * A busy client far from its limit gets a lease with its answer: requests counted ahead for the
 * asking worker, which decides them without a round trip. Leases stop well before the limit
 * (each is at most a LEASE_SHARE-th of what is left, split between the workers), and before
 * refusing a client the primary recalls its leases and counts again: the Nth+1 request of a
 * window is the first refused, whichever worker it lands on.
 */
import cluster from 'node:cluster';
import rateLimiterFlexible from 'rate-limiter-flexible';
import { ANSWER, ASK, GIVE_BACK, POLICY, RECALL, WINDOW_MATCH_MS } from './rate-limit.mjs';

const { RateLimiterMemory, RateLimiterRes } = rateLimiterFlexible;

/** Requests of a window counted one by one before a client gets leases: a person browsing never does. */
const LEASE_AFTER = 32;
/** The most requests one lease holds (a round trip per half of it under load). */
const MAX_LEASE = 128;
/** Fewer than this is not worth a lease. */
const MIN_LEASE = 4;
/** A lease takes at most 1/(LEASE_SHARE × workers) of what the client has left. */
const LEASE_SHARE = 4;
/** Bound on waiting for workers to give a recalled lease back. */
const RECALL_TIMEOUT_MS = 200;
/** After this, a holder that never gave its lease back is forgotten (a worker gives back after 500 ms). */
const HOLDER_MS = 5_000;

/** @typedef {import('./rate-limit.mjs').RateLimitPolicy} RateLimitPolicy */
/** @typedef {import('./rate-limit.mjs').Verdict} Verdict */
/** @typedef {import('rate-limiter-flexible').RateLimiterRes} LimiterRes */
/** @typedef {import('node:cluster').Worker} Worker */

/** In the primary: the counters every worker's limiter asks, one batch of keys per message. */
export function startRateLimitCounters(/** @type {RateLimitPolicy} */ policy) {
  const counters = new RateLimiterMemory({ keyPrefix: POLICY, points: policy.points, duration: policy.seconds });
  /**
   * The workers holding a lease of a client: how many grants they have not given back, and when to
   * forget them (a give-back can cross a new grant, so a worker is a holder until every grant is back).
   * @type {Map<string, Map<Worker, [grants: number, until: number]>>}
   */
  const holders = new Map();
  /** @type {Map<string, Map<Worker, () => void>>} recalls waiting for a worker's give-back, by client */
  const recalls = new Map();

  /**
   * Counts `points` requests: the limiter's result, or the refusal.
   * @param {string} key
   * @param {number} [points]
   * @returns {Promise<{ allowed: true, res: LimiterRes } | { allowed: false, msBeforeNext: number }>}
   */
  const consume = (key, points = 1) =>
    counters.consume(key, points).then(
      (/** @type {LimiterRes} */ res) => /** @type {const} */ ({ allowed: true, res }),
      async (/** @type {unknown} */ refused) => {
        // A refused consume still counts: undo it, so a lease given back later counts again.
        await counters.reward(key, points);
        return /** @type {const} */ ({ allowed: false, msBeforeNext: refused instanceof RateLimiterRes ? refused.msBeforeNext : 1000 });
      },
    );

  /** @type {Map<string, Promise<unknown>>} recalls under way, by client */
  const recalling = new Map();
  /**
   * Asks every holder of the client's leases to give them back; resolves once they have (or in
   * time). A refusal while a recall is under way waits for it too.
   */
  const recall = (/** @type {string} */ key) => {
    const held = holders.get(key);
    if (!held) return recalling.get(key) ?? Promise.resolve();
    const waiting = recalls.get(key) ?? new Map();
    recalls.set(key, waiting);
    const given = [...held.keys()]
      .filter((worker) => worker.isConnected())
      .map(
        (worker) =>
          new Promise((/** @type {(value?: unknown) => void} */ resolve) => {
            const timer = setTimeout(resolve, RECALL_TIMEOUT_MS);
            waiting.set(worker, () => {
              clearTimeout(timer);
              resolve();
            });
            worker.send({ type: RECALL, key });
          }),
      );
    holders.delete(key);
    const done = Promise.all(given).finally(() => recalling.delete(key));
    recalling.set(key, done);
    return done;
  };

  /**
   * Counts one request for `key` (or none, when `ahead`: the worker asks for its next lease
   * before the current one runs out), and leases more when the client is busy and far from its limit.
   * @param {string} key
   * @param {boolean} ahead
   * @param {Worker} worker
   * @returns {Promise<Verdict>}
   */
  const countOne = async (key, ahead, worker) => {
    // consume() counts synchronously: the keys are counted in the order the worker sent them.
    const current = ahead ? await counters.get(key) : null;
    if (ahead && !current) return [true, policy.points, policy.seconds * 1000, 0, Date.now() + policy.seconds * 1000];
    let counted = current ? /** @type {const} */ ({ allowed: true, res: current }) : await consume(key);
    if (!counted.allowed && (holders.has(key) || recalling.has(key))) {
      // Requests leased to workers may be unused: take them back, then count again.
      await recall(key);
      counted = await consume(key);
    }
    if (!counted.allowed) return [false, 0, counted.msBeforeNext, 0, Date.now() + counted.msBeforeNext];
    let { res } = counted;
    const workers = Math.max(1, Object.keys(cluster.workers ?? {}).length);
    const size = Math.min(MAX_LEASE, Math.floor(res.remainingPoints / (LEASE_SHARE * workers)));
    let leased = 0;
    if (res.consumedPoints > LEASE_AFTER && size >= MIN_LEASE) {
      const more = await consume(key, size);
      // Refused when others took what was left meanwhile (consume has undone the attempt).
      if (more.allowed) {
        res = more.res;
        leased = size;
      }
    }
    if (leased > 0) {
      const held = holders.get(key) ?? new Map();
      const [grants] = held.get(worker) ?? [0];
      holders.set(key, held.set(worker, [grants + 1, Date.now() + HOLDER_MS]));
    }
    return [true, res.remainingPoints, res.msBeforeNext, leased, Date.now() + res.msBeforeNext];
  };

  /**
   * Takes a lease back: its unused requests count again if their window is still the current one.
   * @param {Worker} worker
   * @param {[key: string, tokens: number, windowEnd: number, grants: number]} unused
   */
  const giveBack = async (worker, [key, tokens, windowEnd, grants]) => {
    const held = holders.get(key);
    const [outstanding = 0, until = 0] = held?.get(worker) ?? [];
    if (outstanding - grants > 0) held?.set(worker, [outstanding - grants, until]);
    else held?.delete(worker);
    if (held?.size === 0) holders.delete(key);
    if (tokens > 0) {
      const current = await counters.get(key);
      if (current && Math.abs(Date.now() + current.msBeforeNext - windowEnd) < WINDOW_MATCH_MS) await counters.reward(key, tokens);
    }
    const waiting = recalls.get(key);
    waiting?.get(worker)?.();
    waiting?.delete(worker);
    if (waiting?.size === 0) recalls.delete(key);
  };

  // Holders that never gave back (a worker that died) are forgotten.
  setInterval(() => {
    const now = Date.now();
    for (const [key, held] of holders) {
      for (const [worker, [, until]] of held) if (until <= now) held.delete(worker);
      if (held.size === 0) holders.delete(key);
    }
  }, HOLDER_MS).unref();

  cluster.on(
    'message',
    (worker, /** @type {{ type?: string, id?: number, keys?: unknown[], ahead?: unknown[], unused?: unknown[] }} */ message) => {
      if (message?.type === GIVE_BACK && Array.isArray(message.unused)) {
        for (const unused of message.unused) {
          if (
            Array.isArray(unused) &&
            typeof unused[0] === 'string' &&
            Number.isInteger(unused[1]) &&
            typeof unused[2] === 'number' &&
            Number.isInteger(unused[3])
          )
            void giveBack(worker, /** @type {[string, number, number, number]} */ (unused));
        }
        return;
      }
      if (message?.type !== ASK || !Array.isArray(message.keys)) return;
      const { keys, ahead } = message;
      void Promise.all(keys.map((key, index) => countOne(String(key), ahead?.[index] === true, worker))).then((verdicts) => {
        if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, verdicts });
      });
    },
  );
}
