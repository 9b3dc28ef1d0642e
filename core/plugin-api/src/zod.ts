import * as z from 'zod';
import { CONTROL_MESSAGE, hasControlCharacters, ID_MESSAGE, ID_PATTERN, MAX_ID, textMessages, type TextOptions } from './schemaRules';

/**
 * The id and text schemas in classic zod, chainable (`.optional()`, `.default()`), for plugins'
 * `./common` schemas: the same rules as the zod/mini ones in `schemas.ts` (`schemaRules.ts`).
 */
export const Id = z.number({ error: ID_MESSAGE }).int(ID_MESSAGE).min(1, ID_MESSAGE).max(MAX_ID, ID_MESSAGE);
/** An id in a path or query: digits in range; a caller may pass the number itself (it travels as text). */
export const IdParam = z.union([Id, z.string().regex(ID_PATTERN, ID_MESSAGE).transform(Number).pipe(z.number().max(MAX_ID, ID_MESSAGE))], {
  error: ID_MESSAGE,
});
export const IdParams = z.object({ id: IdParam });

export function text(opts: TextOptions = {}) {
  const m = textMessages(opts);
  let s = z.string({ error: 'must be text' });
  if (!opts.raw) s = s.trim();
  if (m.min > 0) s = s.min(m.min, m.tooShort);
  return s.max(m.max, m.tooLong).refine((v) => !hasControlCharacters(v), CONTROL_MESSAGE);
}
