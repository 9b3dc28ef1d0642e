/**
 * The machine codes of the error envelope `{ error: { message, status, code, fields? } }`
 * (issue 24 §4). The message is the server's English sentence for logs and for text the spec
 * words; the code is what a client decides on and translates (core's `en` locale, `errors.codes`).
 * A code, once answered, keeps its meaning: add new ones, never rename.
 */
export const ERROR_CODES = [
  // by status, when nothing more precise applies
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'validation_failed',
  'rate_limited',
  'internal',
  'unavailable',
  // precise ones
  'csrf_invalid',
  'name_taken',
  'in_use',
  'segments_unknown',
  'counts_unavailable',
  'cost_budget_exceeded',
  // the client's own: no answer came (offline, the server down)
  'network',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limited',
  503: 'unavailable',
};

/** The code an answer of this status carries when its thrower named none. */
export function errorCodeForStatus(status: number): ErrorCode {
  if (status === 0) return 'network';
  return BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'bad_request');
}
