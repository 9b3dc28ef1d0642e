import * as z from 'zod/mini';
import { CONTROL_MESSAGE, hasControlCharacters, ID_MESSAGE, ID_PATTERN, MAX_ID, textMessages, type TextOptions } from './schemaRules';

/**
 * Id and text schemas in `zod/mini` (6 KB where classic zod is 92 KB gzipped), for the endpoints
 * the sign-in page loads; plugins' classic schemas use `@discovery/plugin-api/zod`, the same rules.
 * Mini schemas nest inside classic ones.
 */

/** An id in a JSON body: a number, whole, in range. */
export const Id = z.number({ error: ID_MESSAGE }).check(z.int(ID_MESSAGE), z.minimum(1, ID_MESSAGE), z.maximum(MAX_ID, ID_MESSAGE));

/** An id in a path or query string ('12'): digits only, in range ('1.5', '1e3', ' 7' are refused). */
export const IdParam = z.union(
  [Id, z.pipe(z.string().check(z.regex(ID_PATTERN, ID_MESSAGE)), z.pipe(z.transform(Number), z.number().check(z.maximum(MAX_ID, ID_MESSAGE))))],
  {
    error: ID_MESSAGE,
  },
);

/** `{ id }` in a path. */
export const IdParams = z.object({ id: IdParam });

/** Text a user types: trimmed, length-bounded, no control characters. */
export function text(opts: TextOptions = {}) {
  const m = textMessages(opts);
  return z.string({ error: 'must be text' }).check(
    ...(opts.raw ? [] : [z.trim()]),
    ...(m.min > 0 ? [z.minLength(m.min, m.tooShort)] : []),
    z.maxLength(m.max, m.tooLong),
    z.refine((v: string) => !hasControlCharacters(v), CONTROL_MESSAGE),
  );
}

/** A hierarchy slug segment (client, region, brand or product): lower-case letters, digits, dashes. */
export const SlugSegment = z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a slug (a-z, 0-9 and dashes)'), z.maxLength(100));
