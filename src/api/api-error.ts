/** The API's failures: RFC 9457 problem members plus a stable machine code. */
import { ERROR_STATUS, type ErrorCode } from '../schemas/errors.ts';

/** A failure the client can fix (or, for internal_error, cannot). */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly parameter: string | undefined;
  readonly allowed: readonly string[] | undefined;

  constructor(code: ErrorCode, detail: string, options: { parameter?: string; allowed?: readonly string[] } = {}) {
    super(detail);
    this.name = 'ApiError';
    this.code = code;
    this.parameter = options.parameter;
    this.allowed = options.allowed;
  }

  get status(): number {
    return ERROR_STATUS[this.code].status;
  }
}
