/**
 * The core API (auth, session, hierarchy, configuration, permissions, roles, users, single
 * sign-on), defined once: core/server serves these, core/platform and plugins call them, test
 * fakes answer them. Schemas are `zod/mini`, because the sign-in page loads this file.
 */
import * as z from 'zod/mini';
import type { ClientDto, MeDto, PublicConfigDto } from '../dto';
import { defineEndpoint, typed } from '../endpoint';
import { definePermission, type PermissionAction, type PermissionSet } from '../permissions';
import { Id, IdParam, text } from '../schemas';

/** Permissions core's own routes check (SHELL-071, A-48). */
export const corePermissions = {
  adminRead: definePermission('global_admin', 'read'),
  adminCreate: definePermission('global_admin', 'create'),
  adminUpdate: definePermission('global_admin', 'update'),
  adminDestroy: definePermission('global_admin', 'destroy'),
  impersonate: definePermission('impersonation', 'create'),
  monitoringRead: definePermission('monitoring', 'read'),
};

const PUBLIC = { permission: 'public', scope: 'none' } as const;
const SIGNED_IN = { permission: 'signed-in', scope: 'none' } as const;
const P = corePermissions;

export interface RoleDto {
  id: number;
  name: string;
  permissions: Record<string, Partial<Record<PermissionAction, boolean>>>;
}
export interface UserAdminDto {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  roles: { name: string }[];
  slugs: string[];
  /** Issue 32 §1 (absent from older servers' lists). */
  role_ids?: number[];
  deactivated_at?: string | null;
  /** An invitation was sent and the password is not set yet. */
  invited?: boolean;
}
export interface LanguageDto {
  value: string;
  text: string;
}
export interface FrameTokenDto {
  token: string;
  validation_url: string;
}
export interface SsoClaimsDto {
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  audience: string | null;
  /**
   * Who really acts, when the signed-in admin is 'viewing as' the user above (the token's `act`
   * claim, after RFC 8693): an embedded application records this person as the actor. Null otherwise.
   */
  acting_user: { user_id: number; email: string } | null;
}

export const LoginBody = z.object({
  email: z.string().check(z.trim(), z.toLowerCase(), z.email('Enter a valid email address'), z.maxLength(254)),
  password: z.string().check(z.minLength(1, 'Password is required'), z.maxLength(200)),
});

/** A hierarchy grant: '*' or client[/region[/brand[/product]]]. */
export const GrantSlug = z.string().check(z.trim(), z.regex(/^(\*|[a-z0-9-]+(\/[a-z0-9-]+){0,3})$/, 'A slug is * or client[/region[/brand[/product]]]'));

const PermissionGrant = z.object({
  create: z.optional(z.boolean()),
  read: z.optional(z.boolean()),
  update: z.optional(z.boolean()),
  destroy: z.optional(z.boolean()),
});
/** SRV-022/023: a role and its permission rows (resources are checked against the server's list). */
export const RoleBody = z.object({
  role: z.object({
    name: text({ min: 1, max: 100, required: 'Role name is required.' }),
    permissions: z._default(z.record(z.string().check(z.maxLength(100)), PermissionGrant), {}),
  }),
});

const UserIdParams = z.object({ userId: IdParam });
const RoleIdParams = z.object({ id: IdParam });

export const coreEndpoints = {
  login: defineEndpoint({ method: 'POST', path: '/api/v1/auth/login', access: PUBLIC, body: LoginBody, response: typed<{ data: MeDto }>() }),
  logout: defineEndpoint({ method: 'POST', path: '/api/v1/auth/logout', access: SIGNED_IN }),
  /** SRV-011: the built-in identity provider's entry; redirects to the sign-in page. */
  adfsLogin: defineEndpoint({ method: 'GET', path: '/api/v1/adfs/login', access: PUBLIC, query: z.object({ RelayState: z.optional(z.string()) }), raw: true }),
  /** SRV-012: ends the session and returns to the app. */
  adfsLogout: defineEndpoint({
    method: 'GET',
    path: '/api/v1/adfs/logout',
    access: PUBLIC,
    query: z.object({ returnUrl: z.optional(z.string()), confirm: z.optional(z.string()) }),
    raw: true,
  }),
  me: defineEndpoint({ method: 'GET', path: '/api/v1/me', access: SIGNED_IN, response: typed<{ data: MeDto }>() }),
  /**
   * The app's start-up probe: who is signed in, or `data: null`. Always 200, so a signed-out visit
   * (an expected state) leaves no failed request in the browser's console; API clients keep
   * `/api/v1/me`, whose 401 carries `refresh_login`.
   */
  session: defineEndpoint({ method: 'GET', path: '/api/v1/session', access: PUBLIC, response: typed<{ data: MeDto | null }>() }),
  ping: defineEndpoint({ method: 'GET', path: '/api/v1/ping', access: PUBLIC, response: typed<{ data: 'pong' }>() }),
  config: defineEndpoint({ method: 'GET', path: '/api/v1/config', access: PUBLIC, response: typed<{ data: PublicConfigDto }>() }),
  languages: defineEndpoint({ method: 'GET', path: '/api/v1/languages', access: PUBLIC, response: typed<{ data: LanguageDto[] }>() }),
  hierarchy: defineEndpoint({ method: 'GET', path: '/api/v1/hierarchy', access: SIGNED_IN, response: typed<{ data: ClientDto[] }>() }),
  /** SRV-018: the feature modules a context opens. The slug is one path segment, '/' encoded. */
  contextModules: defineEndpoint({
    method: 'GET',
    path: '/api/v1/contexts/:slug/modules',
    access: SIGNED_IN,
    params: z.object({ slug: z.string().check(z.regex(/^[a-z0-9-]+(\/[a-z0-9-]+){0,3}$/, 'must be client[/region[/brand[/product]]]')) }),
    response: typed<{ data: string[] }>(),
  }),
  authorize: defineEndpoint({ method: 'GET', path: '/api/v1/authorize', access: SIGNED_IN, response: typed<{ data: PermissionSet }>() }),
  permissions: defineEndpoint({ method: 'GET', path: '/api/v1/permissions', access: SIGNED_IN, response: typed<{ data: PermissionSet }>() }),
  userPermissions: defineEndpoint({
    method: 'GET',
    path: '/api/v1/permissions/:userId',
    access: { permission: P.adminRead, scope: 'none' },
    params: UserIdParams,
    response: typed<{ data: PermissionSet }>(),
  }),
  userSlugs: defineEndpoint({
    method: 'GET',
    path: '/api/v1/permissions/:userId/slugs',
    access: { permission: P.adminRead, scope: 'none' },
    params: UserIdParams,
    response: typed<{ data: string[] }>(),
  }),
  setUserSlugs: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/permissions/:userId',
    access: { permission: P.adminUpdate, scope: 'none' },
    params: UserIdParams,
    body: z.object({ user_id: z.optional(Id), slugs: z.array(GrantSlug).check(z.maxLength(500)) }),
    response: typed<{ data: string[] }>(),
  }),
  roles: defineEndpoint({ method: 'GET', path: '/api/v1/roles', access: { permission: P.adminRead, scope: 'none' }, response: typed<{ data: RoleDto[] }>() }),
  createRole: defineEndpoint({
    method: 'POST',
    path: '/api/v1/roles',
    access: { permission: P.adminCreate, scope: 'none' },
    body: RoleBody,
    response: typed<{ data: RoleDto }>(),
  }),
  updateRole: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/roles/:id',
    access: { permission: P.adminUpdate, scope: 'none' },
    params: RoleIdParams,
    body: RoleBody,
    response: typed<{ data: RoleDto }>(),
  }),
  deleteRole: defineEndpoint({ method: 'DELETE', path: '/api/v1/roles/:id', access: { permission: P.adminDestroy, scope: 'none' }, params: RoleIdParams }),
  resources: defineEndpoint({
    method: 'GET',
    path: '/api/v1/resources',
    access: { permission: P.adminRead, scope: 'none' },
    response: typed<{ data: { name: string; actions: PermissionAction[] }[] }>(),
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/api/v1/users',
    access: { permission: P.adminRead, scope: 'none' },
    response: typed<{ data: UserAdminDto[] }>(),
  }),
  /** SRV-015: 'view as' another user. */
  impersonate: defineEndpoint({
    method: 'POST',
    path: '/api/v1/impersonations',
    access: { permission: P.impersonate, scope: 'none' },
    body: z.object({ user_id: Id }),
    response: typed<{ data: MeDto }>(),
  }),
  /** Stop Viewing As: any signed-in session (the viewed user may not hold impersonation.create). */
  stopImpersonating: defineEndpoint({ method: 'DELETE', path: '/api/v1/impersonations/current', access: SIGNED_IN }),
  /** SRV-010: the token as text and in the sso-token header. */
  ssoToken: defineEndpoint({ method: 'GET', path: '/sso-token', access: SIGNED_IN, raw: true }),
  /** SRV-013: a token for one embedded application the user can see (the unit's name is its audience). */
  frameToken: defineEndpoint({
    method: 'GET',
    path: '/api/v1/sso/frame-token',
    access: SIGNED_IN,
    query: z.object({ unit: text({ min: 1, max: 200, required: 'unit is required' }) }),
    response: typed<FrameTokenDto>(),
  }),
  /** The validation URL embedded applications call from their own origin. */
  ssoValidate: defineEndpoint({
    method: 'GET',
    path: '/api/v1/sso/validate',
    access: PUBLIC,
    query: z.object({ token: z._default(z.string().check(z.maxLength(4000)), ''), audience: z.optional(z.string().check(z.maxLength(200))) }),
    response: typed<{ data: SsoClaimsDto }>(),
  }),
};

/** SRV-050: every service this server stands in for answers the same health check. */
export const HEALTH_PATHS = [
  '/api-gateway-health-check',
  '/api/v1/health',
  '/api/v1/auth/health',
  '/api/v1/clients/health',
  '/api/v1/insights/health',
  '/api/v1/id/health',
  '/api/v1/plans/health',
  '/api/v1/segments/health',
  '/api/v1/toolbox/health',
] as const;
export const healthEndpoints = HEALTH_PATHS.map((path) => defineEndpoint({ method: 'GET', path, access: PUBLIC, response: typed<{ data: string }>() }));
