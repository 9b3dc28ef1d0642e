import { createRouteRef, defineEndpoint, definePermission, typed } from '@discovery/plugin-api';

/** SHELL-021: the user menu's Admin entry goes here (the shell's ref, bound by this plugin's page). */
export { adminDashboardRoute } from '@discovery/plugin-api';

/** Issue 32 §4: the audit log screen. */
export const auditLogRoute = createRouteRef({ id: 'global-admin.audit', scope: 'global', path: 'global/admin/audit' });

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
