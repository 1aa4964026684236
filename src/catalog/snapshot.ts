/**
 * The catalog snapshot the production server serves: the validated collections of the build's one
 * content read (load-content.ts), written by src/integrations/api-bundle.ts beside the payload
 * store made from the same collections. A worker trusts it (the build validated it) and refuses a
 * store whose catalog version is not the snapshot's (src/api/payload-store.ts).
 */
import type { Collections } from '../schemas/collections.ts';

/** What the snapshot file holds. */
export type CatalogSnapshot = Collections;
