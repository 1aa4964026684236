// @ts-check
/**
 * Content coding (RFC 9110 12.5.3): which of br, gzip or identity a response uses, from the
 * client's Accept-Encoding with its q-values (negotiator). `identity` and `q=0` are honoured; when
 * nothing offered is acceptable the body goes uncompressed, as RFC 9110 allows.
 */
import Negotiator from 'negotiator';

/** @typedef {'br' | 'gzip' | 'identity'} Coding */

/** Static files: Brotli first on a tie, it is smaller and was made at build time. */
export const FILE_CODINGS = /** @type {const} */ (['br', 'gzip', 'identity']);
/** API envelopes: gzip first on a tie, it is spliced around a payload compressed once (gzip-splice.mjs). */
export const API_CODINGS = /** @type {const} */ (['gzip', 'br', 'identity']);

/** Parsed answers by header and offer; clients send a handful of distinct headers. */
const chosen = new Map();
const CACHE_LIMIT = 512;

/**
 * The coding to use for a request.
 * @param {string | undefined} acceptEncoding
 * @param {readonly Coding[]} offered in server preference order (ties between equal q-values)
 * @returns {Coding}
 */
export function chooseCoding(acceptEncoding, offered) {
  if (acceptEncoding === undefined || acceptEncoding === '') return 'identity';
  const key = `${offered[0]}\n${acceptEncoding}`;
  let coding = chosen.get(key);
  if (coding === undefined) {
    const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
    // negotiator 1.x breaks q-value ties by `preferred` (its types predate the option).
    const encodings = /** @type {(available: string[], options: { preferred: string[] }) => string[]} */ (
      /** @type {unknown} */ (negotiator.encodings.bind(negotiator))
    );
    coding = /** @type {Coding | undefined} */ (encodings([...offered], { preferred: [...offered] })[0]) ?? 'identity';
    if (chosen.size >= CACHE_LIMIT) chosen.clear();
    chosen.set(key, coding);
  }
  return coding;
}
