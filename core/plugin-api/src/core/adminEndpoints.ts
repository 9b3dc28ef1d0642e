/**
 * Core's administration API beyond SRV-019..023 (issue 32): the audit log, API keys, user
 * accounts. Served by core/server; called by the global-admin plugin.
 */
import * as z from 'zod/mini';
import { defineEndpoint, typed } from '../endpoint';
import { Id, IdParam, text } from '../schemas';
import { corePermissions as P, GrantSlug, type UserAdminDto } from './endpoints';

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

/** SRV-025: an API key as lists show it (the secret only in the answer that created it). */
export interface ApiKeyDto {
  id: number;
  name: string;
  /** The secret's first characters, to tell keys apart. */
  prefix: string;
  user_id: number;
  user_email: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}

/** What a key's secret starts with: the server tells a key from a session token by it. */
export const API_KEY_PREFIX = 'dsk_';

export const ApiKeyBody = z.object({
  api_key: z.object({
    name: text({ min: 1, max: 100, required: 'Name is required.' }),
    /** The user the key acts as (its permissions and grants); default: the caller. */
    user_id: z.optional(Id),
    /** Optional expiry, in the future. */
    expires_at: z.optional(z.nullable(isoTime.check(z.refine((v) => Date.parse(v) > Date.now(), 'must be in the future')))),
  }),
});

/** A user an administrator invites (issue 32 §1): they set their password through the link. */
export const InviteBody = z.object({
  user: z.object({
    email: z.string().check(z.trim(), z.toLowerCase(), z.email('Enter a valid email address'), z.maxLength(254)),
    first_name: text({ min: 1, max: 100, required: 'First name is required.' }),
    last_name: text({ min: 1, max: 100, required: 'Last name is required.' }),
    role_ids: z._default(z.array(Id).check(z.maxLength(50)), []),
    slugs: z._default(z.array(GrantSlug).check(z.maxLength(500)), []),
  }),
});

export const PASSWORD_MIN = 12;
export const SetPasswordBody = z.object({
  password: z.string().check(z.minLength(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`), z.maxLength(200, 'Use at most 200 characters.')),
});

export interface InvitationDto {
  /** The one-time link (shown once): /set-password?token=... */
  url: string;
  expires_at: string;
}

export const UsersQuery = z.object({
  /** Any part of the email or name. */
  q: z.optional(text({ max: 254 })),
  offset: z.optional(z.pipe(z.string().check(z.regex(/^\d{1,7}$/, 'must be a whole number')), z.transform(Number))),
  limit: z.optional(z.pipe(z.string().check(z.regex(/^([1-9]|[1-9][0-9]|1[0-9]{2}|200)$/, 'must be 1 to 200')), z.transform(Number))),
});

/**
 * SHELL-120 / SHELL-124: the most errors one forwarded batch holds and the longest message: settings
 * the server's schema enforces and the browser's monitoring keeps to (no product rule beyond these).
 */
export const CLIENT_ERROR_LIMITS = { batch: 50, message: 2000 } as const;

/** SHELL-120: what the browser forwards, in batches. */
export const ClientErrorsBody = z.object({
  errors: z
    .array(
      z.object({
        kind: z.enum(['console', 'network']),
        message: text({ min: 1, max: CLIENT_ERROR_LIMITS.message, raw: true }),
        url: z.optional(text({ max: 2000 })),
        status: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(999))),
        at: z.optional(isoTime),
      }),
    )
    .check(z.minLength(1), z.maxLength(CLIENT_ERROR_LIMITS.batch)),
});

const TokenParams = z.object({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, 'must be an invitation token')) });
const IdParams = z.object({ id: IdParam });
const ADMIN = (permission: typeof P.adminRead) => ({ permission, scope: 'none' }) as const;

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

  apiKeys: defineEndpoint({ method: 'GET', path: '/api/v1/api_keys', access: ADMIN(P.adminRead), response: typed<{ data: ApiKeyDto[] }>() }),
  /** SRV-025: the secret is in this answer only. A key for another user also needs impersonation.create. */
  createApiKey: defineEndpoint({
    method: 'POST',
    path: '/api/v1/api_keys',
    access: ADMIN(P.adminCreate),
    body: ApiKeyBody,
    response: typed<{ data: ApiKeyDto & { secret: string } }>(),
  }),
  /** Revoked at once: the next call with it is 401. */
  revokeApiKey: defineEndpoint({ method: 'DELETE', path: '/api/v1/api_keys/:id', access: ADMIN(P.adminDestroy), params: IdParams }),

  /** Users with search and paging (10,000 and more). */
  usersPage: defineEndpoint({
    method: 'GET',
    path: '/api/v1/users/search',
    access: ADMIN(P.adminRead),
    query: UsersQuery,
    response: typed<{ data: UserAdminDto[]; total: number }>(),
  }),
  inviteUser: defineEndpoint({
    method: 'POST',
    path: '/api/v1/users',
    access: ADMIN(P.adminCreate),
    body: InviteBody,
    response: typed<{ data: UserAdminDto; invitation: InvitationDto }>(),
  }),
  /** A new link for a user (earlier unused links stop working). */
  reinviteUser: defineEndpoint({
    method: 'POST',
    path: '/api/v1/users/:id/invitations',
    access: ADMIN(P.adminUpdate),
    params: IdParams,
    response: typed<{ data: InvitationDto }>(),
  }),
  /** Sessions and API keys of the user stop working at once. */
  deactivateUser: defineEndpoint({ method: 'POST', path: '/api/v1/users/:id/deactivate', access: ADMIN(P.adminUpdate), params: IdParams }),
  reactivateUser: defineEndpoint({ method: 'POST', path: '/api/v1/users/:id/reactivate', access: ADMIN(P.adminUpdate), params: IdParams }),
  /** The user's roles, replaced (the role guard refuses a change that locks the system). */
  setUserRoles: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/users/:id/roles',
    access: ADMIN(P.adminUpdate),
    params: IdParams,
    body: z.object({ role_ids: z.array(Id).check(z.maxLength(50)) }),
    response: typed<{ data: UserAdminDto }>(),
  }),
  /** Issue 32 §5: Prometheus text format; for `monitoring.read` (a scraper's API key). */
  metrics: defineEndpoint({ method: 'GET', path: '/api/v1/metrics', access: ADMIN(P.monitoringRead), raw: true }),
  /** SHELL-120/121: console and network errors a browser forwards; 404 where monitoring is not configured (SHELL-119). */
  clientErrors: defineEndpoint({
    method: 'POST',
    path: '/api/v1/client-errors',
    access: { permission: 'signed-in', scope: 'none' },
    body: ClientErrorsBody,
  }),
  /** The invitation a link names, for the set-password page; 404 when expired or used. */
  invitation: defineEndpoint({
    method: 'GET',
    path: '/api/v1/invitations/:token',
    access: { permission: 'public', scope: 'none' },
    params: TokenParams,
    response: typed<{ data: { email: string; first_name: string; last_name: string; expires_at: string } }>(),
  }),
  acceptInvitation: defineEndpoint({
    method: 'POST',
    path: '/api/v1/invitations/:token',
    access: { permission: 'public', scope: 'none' },
    params: TokenParams,
    body: SetPasswordBody,
  }),
};
