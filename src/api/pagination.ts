/**
 * Cursors for directory pages: the next page's offset and a checksum binding it to the catalog
 * version, endpoint and filters, so a truncated, edited or foreign cursor is refused with a 400.
 */
import { createHash } from 'node:crypto';
import { ApiError } from './api-error.ts';
import { CURSOR_PARAM } from '../routes/params.ts';

/** Characters of the checksum kept in a cursor. */
const CHECKSUM_LENGTH = 16;

/** What a cursor is bound to: one catalog, one endpoint, one set of filters. */
export function cursorBinding(catalogVersion: string, routeId: string, filtersJson: string): string {
  return `${catalogVersion}\n${routeId}\n${filtersJson}`;
}

function checksum(binding: string, offset: number): string {
  return createHash('sha256').update(`${binding}\n${offset}`).digest('base64url').slice(0, CHECKSUM_LENGTH);
}

/** The cursor of the page that starts at `offset`. */
export function encodeCursor(binding: string, offset: number): string {
  return `${Buffer.from(String(offset)).toString('base64url')}.${checksum(binding, offset)}`;
}

/** The offset a cursor points at; a 400 when it was not issued for this binding. */
export function decodeCursor(cursor: string, binding: string, count: number): number {
  const [encodedOffset = '', mark = '', ...rest] = cursor.split('.');
  const digits = Buffer.from(encodedOffset, 'base64url').toString('latin1');
  const offset = /^(0|[1-9]\d{0,8})$/.test(digits) ? Number(digits) : Number.NaN;
  if (rest.length > 0 || !Number.isInteger(offset) || mark !== checksum(binding, offset) || offset >= count) {
    throw new ApiError(
      'invalid_parameter',
      `The parameter "${CURSOR_PARAM.name}" is not a cursor this endpoint issued for these filters (it may be truncated, edited, from another endpoint or query, or from an older catalog). Start again without ${CURSOR_PARAM.name} and follow next_cursor or the Link header.`,
      { parameter: CURSOR_PARAM.name },
    );
  }
  return offset;
}
