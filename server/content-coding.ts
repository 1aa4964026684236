/**
 * Which of br, gzip or identity a response uses (RFC 9110 12.5.3), for files and the API alike.
 * Brotli wins a tie (browsers send `gzip, deflate, br, zstd`): it is smaller. zstd is not offered:
 * Node's decoder reads only the first frame of a concatenation, so it could not be spliced.
 */
import Negotiator from 'negotiator';
import type { Coding } from '../src/api/codings.ts';

/** Every coding, in the server's preference on equal q-values. */
export const CODINGS: readonly Coding[] = ['br', 'gzip', 'identity'];

/** Parsed answers by header; clients send a handful of distinct headers, and long ones are not kept. */
const chosen = new Map<string, Coding>();
const CHOSEN_LIMIT = 512;
const CHOSEN_MAX_HEADER = 256;

/** negotiator 1.x breaks q-value ties by `preferred` (its types predate the option). */
type Encodings = (available: string[], options: { preferred: string[] }) => string[];

/** The coding for a request. */
export function chooseCoding(acceptEncoding: string | undefined): Coding {
  if (acceptEncoding === undefined || acceptEncoding === '') return 'identity';
  let coding = chosen.get(acceptEncoding);
  if (coding === undefined) {
    const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
    const encodings = negotiator.encodings.bind(negotiator) as unknown as Encodings;
    coding = (encodings([...CODINGS], { preferred: [...CODINGS] })[0] as Coding | undefined) ?? 'identity';
    if (acceptEncoding.length <= CHOSEN_MAX_HEADER) {
      if (chosen.size >= CHOSEN_LIMIT) chosen.clear();
      chosen.set(acceptEncoding, coding);
    }
  }
  return coding;
}
