import { ERROR_CODES, type ErrorCode } from '@discovery/plugin-api';
import { ApiError } from './ApiClient';

const KNOWN = new Set<string>(ERROR_CODES);

/**
 * The core `en` key (namespace 'core') that tells a user what went wrong, from the error
 * envelope's machine code (issue 24 §4): `errors.codes.<code>`, or the generic message for an
 * error that is not a server answer or has a code core does not know.
 */
export function errorMessageKey(e: unknown): `errors.codes.${ErrorCode}` | 'errors.generic' {
  return e instanceof ApiError && KNOWN.has(e.code) ? `errors.codes.${e.code as ErrorCode}` : 'errors.generic';
}

/** The error's machine code, or null when it is not a server answer. */
export function errorCode(e: unknown): string | null {
  return e instanceof ApiError ? e.code : null;
}
