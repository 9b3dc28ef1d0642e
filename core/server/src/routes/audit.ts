import { adminEndpoints as E, AUDIT_EXPORT_LIMIT, type AuditRowDto } from '@discovery/plugin-api';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { handle } from '../endpoints';

type Filters = {
  user?: string;
  resource?: string;
  client?: string;
  request_id?: string;
  from?: string;
  to?: string;
  before?: number;
};

/** The where clause of the audit log's filters (issue 32 §4), parameterised. */
function where(f: Filters): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (f.user) {
    // An id names the actor or the viewed-as user; text matches either's email.
    if (/^\d{1,9}$/.test(f.user)) {
      const id = p(Number(f.user));
      parts.push(`(actor_id = ${id} or as_user_id = ${id})`);
    } else {
      const like = p(`%${f.user.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      parts.push(`(lower(actor_email) like ${like} or lower(as_user_email) like ${like})`);
    }
  }
  if (f.resource) parts.push(`resource = ${p(f.resource)}`);
  if (f.client) parts.push(`client_slug = ${p(f.client)}`);
  if (f.request_id) parts.push(`request_id = ${p(f.request_id)}`);
  if (f.from) parts.push(`at >= ${p(new Date(f.from).toISOString())}`);
  if (f.to) parts.push(`at < ${p(new Date(f.to).toISOString())}`);
  if (f.before) parts.push(`id < ${p(f.before)}`);
  return { sql: parts.length ? `where ${parts.join(' and ')}` : '', params };
}

const COLUMNS =
  'id, at, actor_id, actor_email, as_user_id, as_user_email, api_key_id, request_id, address, method, route, client_slug, resource, record_id, action, before, after';

function rowOut(r: Record<string, unknown>): AuditRowDto {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...(r as unknown as AuditRowDto),
    id: Number(r.id),
    at: new Date(r.at as string).toISOString(),
    actor_id: num(r.actor_id),
    as_user_id: num(r.as_user_id),
    api_key_id: num(r.api_key_id),
  };
}

/** A CSV cell: quoted when needed; a leading formula character is defused (CSV injection). */
function cell(v: unknown): string {
  let s = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function registerAuditRoutes(app: FastifyInstance, { db }: { db: Database }): void {
  handle(app, E.audit, async ({ query }) => {
    const limit = query.limit ?? 50;
    const w = where(query);
    const rows = await db.query<Record<string, unknown>>(`select ${COLUMNS} from audit_log ${w.sql} order by id desc limit ${limit + 1}`, w.params);
    const page = rows.slice(0, limit).map(rowOut);
    return { data: page, next_before: rows.length > limit ? page[page.length - 1].id : null };
  });

  handle(app, E.auditExport, async ({ query }, _req, reply) => {
    const w = where(query);
    const rows = await db.query<Record<string, unknown>>(`select ${COLUMNS} from audit_log ${w.sql} order by id desc limit ${AUDIT_EXPORT_LIMIT}`, w.params);
    const head = COLUMNS.split(', ');
    const lines = [head.join(','), ...rows.map(rowOut).map((r) => head.map((h) => cell(r[h as keyof AuditRowDto])).join(','))];
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(`${lines.join('\r\n')}\r\n`);
  });
}
