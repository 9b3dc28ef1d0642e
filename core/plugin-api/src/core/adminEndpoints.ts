/**
 * Core's administration API beyond SRV-019..023 (issue 32): the audit log, API keys, user
 * accounts. Served by core/server; called by the global-admin plugin.
 */
import * as z from 'zod/mini';
import { defineEndpoint, typed } from '../endpoint';
import { IdParam, text } from '../schemas';
import { corePermissions as P } from './endpoints';

export interface AuditRowDto {
  id: number;
  at: string;
  actor_id: number | null;
  actor_email: string | null;
  as_user_id: number | null;
  as_user_email: string | null;
  api_key_id: number | null;
  request_id: string | null;
  address: string | null;
  method: string | null;
  route: string | null;
  client_slug: string | null;
  resource: string;
  record_id: string | null;
  action: 'create' | 'update' | 'destroy';
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const isoTime = z.string().check(
  z.maxLength(40),
  z.refine((v) => !Number.isNaN(Date.parse(v)), 'must be a date and time (ISO 8601)'),
);

/** Issue 32 §4: the audit log's filters (user, resource, client, time) and paging. */
export const AuditQuery = z.object({
  /** The actor's (or viewed-as user's) email, any part of it, or their id. */
  user: z.optional(text({ max: 254 })),
  resource: z.optional(text({ max: 100 })),
  client: z.optional(text({ max: 100 })),
  request_id: z.optional(text({ max: 100 })),
  from: z.optional(isoTime),
  to: z.optional(isoTime),
  /** Rows older than this id (the previous page's `next_before`). */
  before: z.optional(IdParam),
  limit: z.optional(z.pipe(z.string().check(z.regex(/^([1-9]|[1-9][0-9]|1[0-9]{2}|200)$/, 'must be 1 to 200')), z.transform(Number))),
});

export const AUDIT_EXPORT_LIMIT = 50_000;

export const adminEndpoints = {
  audit: defineEndpoint({
    method: 'GET',
    path: '/api/v1/audit',
    access: { permission: P.adminRead, scope: 'none' },
    query: AuditQuery,
    response: typed<{ data: AuditRowDto[]; next_before: number | null }>(),
  }),
  /** The same filters as a CSV file (at most AUDIT_EXPORT_LIMIT rows, newest first). */
  auditExport: defineEndpoint({
    method: 'GET',
    path: '/api/v1/audit/export',
    access: { permission: P.adminRead, scope: 'none' },
    query: AuditQuery,
    raw: true,
  }),
};
