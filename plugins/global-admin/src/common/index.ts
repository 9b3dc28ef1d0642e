import { createRouteRef, defineEndpoint, definePermission, typed } from '@discovery/plugin-api';

/** SHELL-021: the user menu's Admin entry goes here (the shell's ref, bound by this plugin's page). */
export { adminDashboardRoute } from '@discovery/plugin-api';

/** Issue 32 §4: the audit log screen. */
export const auditLogRoute = createRouteRef({ id: 'global-admin.audit', scope: 'global', path: 'global/admin/audit' });

/** Issue 32 §1: users (search, paging, invite, deactivate, roles, hierarchy access). */
export const usersRoute = createRouteRef({ id: 'global-admin.users', scope: 'global', path: 'global/admin/users' });
/** Issue 32 §2: roles and their permission grid (SRV-022/023). */
export const rolesRoute = createRouteRef({ id: 'global-admin.roles', scope: 'global', path: 'global/admin/roles' });
/** Issue 32 §3: API keys (SRV-025). */
export const apiKeysRoute = createRouteRef({ id: 'global-admin.api-keys', scope: 'global', path: 'global/admin/api-keys' });
/** Issue 32 §1: the invitation link's page, where the invitee sets a password (public). */
export const setPasswordRoute = createRouteRef({ id: 'global-admin.set-password', scope: 'global', path: 'set-password' });

export const globalAdminPermissions = {
  read: definePermission('global_admin', 'read'),
  impersonate: definePermission('impersonation', 'create'),
};

export interface AdminSummary {
  clients: number;
  regions: number;
  brands: number;
  products: number;
  users: number;
  roles: number;
  active_sessions: number;
}

export const globalAdminEndpoints = {
  /** Figures for the admin dashboard, in one round trip. */
  summary: defineEndpoint({
    method: 'GET',
    path: '/api/v1/global-admin/summary',
    access: { permission: globalAdminPermissions.read, scope: 'none' },
    response: typed<{ data: AdminSummary }>(),
  }),
};
