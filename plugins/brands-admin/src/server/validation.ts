import type { ServerCore } from '@discovery/server';

/** A positive integer path parameter, else 404 (no such record). */
export function idParam(core: ServerCore, params: unknown, name = 'id'): number {
  const raw = (params as Record<string, string>)[name];
  const id = Number(raw);
  if (!/^\d+$/.test(raw ?? '') || !Number.isSafeInteger(id) || id <= 0) throw core.errors.notFound(`No record with id '${raw}'.`);
  return id;
}
