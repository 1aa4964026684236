/** Content files as read from disk, before validation: what the one reader hands to validation. */
import type { CollectionName } from '../schemas/collections.ts';
import type { ContentIssue } from './content-error.ts';

/** A content file as read from disk or from Astro's content layer. */
export interface RawEntry {
  /** Path from the project root. */
  file: string;
  /** The parsed YAML data, not yet validated. */
  data: unknown;
  /** Set when the file is not valid YAML; the entry still exists for relation checks. */
  syntaxError?: ContentIssue;
}

export type RawCollections = Record<CollectionName, RawEntry[]>;
