/** The API's error vocabulary: stable machine codes with their HTTP status and RFC 9457 title. */

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
  'rate_limited',
  'invalid_request',
  'too_large',
  'uri_too_long',
  'not_implemented',
  'version_not_supported',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status and title for each code. */
export const ERROR_STATUS: Record<ErrorCode, { status: 400 | 404 | 405 | 413 | 414 | 429 | 500 | 501 | 503 | 505; title: string }> = {
  not_found: { status: 404, title: 'Not Found' },
  unknown_parameter: { status: 400, title: 'Unknown parameter' },
  invalid_parameter: { status: 400, title: 'Invalid parameter' },
  repeated_parameter: { status: 400, title: 'Repeated parameter' },
  too_long: { status: 400, title: 'Parameter too long' },
  method_not_allowed: { status: 405, title: 'Method Not Allowed' },
  internal_error: { status: 500, title: 'Internal Server Error' },
  unavailable: { status: 503, title: 'Service Unavailable' },
  rate_limited: { status: 429, title: 'Too Many Requests' },
  invalid_request: { status: 400, title: 'Invalid request' },
  too_large: { status: 413, title: 'Content Too Large' },
  uri_too_long: { status: 414, title: 'URI Too Long' },
  not_implemented: { status: 501, title: 'Not Implemented' },
  version_not_supported: { status: 505, title: 'HTTP Version Not Supported' },
};
