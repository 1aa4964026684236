/** A query string as its route checked it, with the JSON of its filters and of what was received. */
import { stringBytes, type Sized } from './byte-cache.ts';
import type { ParsedQuery } from './params.ts';
import { serializePayload } from './serialize.ts';

/** Bytes of a parsed query's objects and arrays besides their strings, rounded up. */
const OBJECT_BYTES = 512;

/** A query as the route checked it, with the JSON of its filters (the cache key) and of what was received. */
export class CheckedQuery implements Sized {
  /** The canonical filters as JSON: the payload's cache key and the cursor's binding. */
  readonly filtersJson: string;
  /** The query as received, as JSON: the envelope's `query` member. */
  readonly receivedJson: string;

  constructor(readonly parsed: ParsedQuery) {
    // Shared by every request with this spelling: nothing may change it.
    for (const part of [parsed.received, parsed.filterKey, parsed.terms, parsed.choices, parsed]) Object.freeze(part);
    this.filtersJson = serializePayload(parsed.filterKey);
    this.receivedJson = serializePayload(parsed.received);
  }

  heldBytes(): number {
    // The values are held twice: in the parsed objects and in the JSON.
    return OBJECT_BYTES + 2 * (stringBytes(this.filtersJson) + stringBytes(this.receivedJson));
  }
}
