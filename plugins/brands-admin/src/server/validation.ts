import type { ServerCore } from '@discovery/server';
import type { ZodType } from 'zod';

/**
 * Like core.validate, but the 422's message is the first rule's own text, so a bad body gets the
 * spec's wording ('Brand name is required.') as `error.message`, with every field in `fields`.
 */
export function parseBody<T>(core: ServerCore, schema: ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const fields: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  throw core.errors.unprocessable(Object.values(fields)[0] ?? 'Validation failed', fields);
}

/** A positive integer path parameter, else 404 (no such record). */
export function idParam(core: ServerCore, params: unknown, name = 'id'): number {
  const raw = (params as Record<string, string>)[name];
  const id = Number(raw);
  if (!/^\d+$/.test(raw ?? '') || !Number.isSafeInteger(id) || id <= 0) throw core.errors.notFound(`No record with id '${raw}'.`);
  return id;
}
