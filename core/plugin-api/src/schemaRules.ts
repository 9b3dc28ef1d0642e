/**
 * The rules behind the id and text schemas, written once; `schemas.ts` (zod/mini, for what the
 * sign-in page loads) and `zod.ts` (classic zod, for plugins' chainable schemas) both apply them.
 * Ids are PostgreSQL `integer`s (1 .. 2^31-1); text has no NUL (PostgreSQL `text` cannot hold it)
 * and no other control characters. So no input reaches the database in a form it refuses (a 500).
 */
export const MAX_ID = 2_147_483_647;
export const ID_MESSAGE = `must be a whole number from 1 to ${MAX_ID}`;
/** Digits only, no sign, no leading zero, at most 10 digits; the range is checked after. */
export const ID_PATTERN = /^[1-9][0-9]{0,9}$/;
export const CONTROL_MESSAGE = 'must not contain control characters';

/**
 * Control characters other than tab, line feed and carriage return (NUL among them, and the C1
 * range), and the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069),
 * which make a name read differently from what it holds. The plain marks LRM/RLM stay allowed.
 */
export function hasControlCharacters(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || (c >= 127 && c <= 159) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) return true;
  }
  return false;
}

export interface TextOptions {
  /** Longest accepted length (default 255). */
  max?: number;
  /** Shortest accepted length after trimming (default 0). */
  min?: number;
  /** The message for an empty value when min >= 1 (e.g. the spec's 'Brand name is required.'). */
  required?: string;
  /** The message for a too-long value. */
  tooLong?: string;
  /** Keep surrounding white space (default: trimmed). */
  raw?: boolean;
}

export function textMessages(opts: TextOptions) {
  const max = opts.max ?? 255;
  const min = opts.min ?? 0;
  return {
    max,
    min,
    tooShort: opts.required ?? (min === 1 ? 'is required' : `must be at least ${min} characters`),
    tooLong: opts.tooLong ?? `must be at most ${max} characters`,
  };
}
