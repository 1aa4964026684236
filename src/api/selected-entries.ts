/** Which entries of a directory a request selects: kept in the cache (kind `selection`) per canonical query. */
import { stringBytes, type Sized } from './byte-cache.ts';

/** The entries a request selects from a directory, as indexes, and the members after `items`, serialized. */
export class SelectedEntries implements Sized {
  readonly indexes: Int32Array;
  /** `count` and any other members (facets), serialized without their braces. */
  readonly rest: string;

  constructor(indexes: readonly number[], rest: string) {
    this.indexes = Int32Array.from(indexes);
    this.rest = rest;
  }

  heldBytes(): number {
    return this.indexes.byteLength + stringBytes(this.rest);
  }
}
