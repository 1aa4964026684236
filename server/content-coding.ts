/**
 * Which of br, gzip or identity a response uses (RFC 9110 12.5.3), for files and the API alike.
 * Brotli wins a tie (browsers send `gzip, deflate, br, zstd`): it is smaller. zstd is not offered:
 * Node's decoder reads only the first frame of a concatenation, so it could not be spliced.
 */
import Negotiator from 'negotiator';
import type { Coding } from '../src/api/codings.ts';

/** Every coding, in the server's preference on equal q-values. */
const CODINGS: readonly Coding[] = ['br', 'gzip', 'identity'];

/** negotiator 1.x breaks q-value ties by `preferred` (its types predate the option). */
type Encodings = (available: string[], options: { preferred: string[] }) => string[];

/** The coding for a request; none without an Accept-Encoding. */
export function chooseCoding(acceptEncoding: string | undefined): Coding {
  if (acceptEncoding === undefined || acceptEncoding === '') return 'identity';
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
  const encodings = negotiator.encodings.bind(negotiator) as unknown as Encodings;
  return (encodings([...CODINGS], { preferred: [...CODINGS] })[0] as Coding | undefined) ?? 'identity';
}
