/** The API's error vocabulary: RFC 9457 problem members plus a stable machine code. */

/** Stable error codes clients can switch on. */
export const ERROR_CODES = [
  'not_found',
  'unknown_parameter',
  'invalid_parameter',
  'repeated_parameter',
  'too_long',
  'method_not_allowed',
  'internal_error',
  'unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status and title for each code. */
export const ERROR_STATUS: Record<ErrorCode, { status: 400 | 404 | 405 | 500 | 503; title: string }> = {
  not_found: { status: 404, title: 'Not Found' },
  unknown_parameter: { status: 400, title: 'Unknown parameter' },
  invalid_parameter: { status: 400, title: 'Invalid parameter' },
  repeated_parameter: { status: 400, title: 'Repeated parameter' },
  too_long: { status: 400, title: 'Parameter too long' },
  method_not_allowed: { status: 405, title: 'Method Not Allowed' },
  internal_error: { status: 500, title: 'Internal Server Error' },
  unavailable: { status: 503, title: 'Service Unavailable' },
};

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
