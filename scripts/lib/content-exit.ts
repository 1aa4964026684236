/**
 * How every script that reads content/ ends on a content mistake: as site:export does, with the
 * script's name and the editor's message (one line per mistake: file, field, value, fix) and exit 1,
 * never a stack trace. Any other error is rethrown as it is.
 */
import type { Catalog } from '../../src/catalog/catalog.ts';
import { ContentValidationError } from '../../src/catalog/content-error.ts';
import { loadCatalogFromFiles } from '../../src/catalog/from-files.ts';

/** Ends the process on a content mistake, naming `script` (its npm name, such as `contract:gate`); rethrows anything else. */
export function exitOnContentError(script: string, error: unknown): never {
  if (!(error instanceof ContentValidationError)) throw error;
  console.error(`${script}: ${error.message}`);
  process.exit(1);
}

/** The catalog of `folder` (default: the content folder of this process), or the end of `script` with the editor's message. */
export function loadCatalogOrExit(script: string, folder?: string): Catalog {
  try {
    return loadCatalogFromFiles(folder);
  } catch (error) {
    return exitOnContentError(script, error);
  }
}
