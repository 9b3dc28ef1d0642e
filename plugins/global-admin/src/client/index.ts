import { definePlugin, hasPermission } from '@discovery/plugin-api';
import { adminDashboardRoute, apiKeysRoute, auditLogRoute, globalAdminPermissions, rolesRoute, setPasswordRoute, usersRoute } from '../common';

const adminRead = hasPermission(globalAdminPermissions.read.resource, 'read');

export default definePlugin({
  id: 'global-admin',
  titleKey: 'global-admin:title',
  pageModule: async () => (await import('./module')).globalAdminModule,
  routes: [
    {
      ref: adminDashboardRoute,
      // SHELL-021 / A-48: gated on global_admin.read; the selector is disabled here (SHELL-053).
      requires: hasPermission(globalAdminPermissions.read.resource, 'read'),
      disablesHierarchySelector: true,
      load: () => import('./pages/AdminDashboardPage'),
    },
    {
      ref: auditLogRoute,
      requires: hasPermission(globalAdminPermissions.read.resource, 'read'),
      disablesHierarchySelector: true,
      load: () => import('./pages/AuditLogPage'),
    },
    {
      // Issue 32 §1: users; the page's writes also need global_admin.create / .update (the server checks).
      ref: usersRoute,
      requires: adminRead,
      disablesHierarchySelector: true,
      load: () => import('./pages/UsersPage'),
    },
    {
      // Issue 32 §2 (SRV-022/023); saving needs global_admin.create / .update, deleting .destroy.
      ref: rolesRoute,
      requires: adminRead,
      disablesHierarchySelector: true,
      load: () => import('./pages/RolesPage'),
    },
    {
      // Issue 32 §3 (SRV-025); creating needs global_admin.create, revoking .destroy.
      ref: apiKeysRoute,
      requires: adminRead,
      disablesHierarchySelector: true,
      load: () => import('./pages/ApiKeysPage'),
    },
    {
      // Issue 32 §1: the invitation link sets the password before the invitee can sign in.
      ref: setPasswordRoute,
      public: true,
      layout: 'bare',
      load: () => import('./pages/SetPasswordPage'),
    },
  ],
  i18n: { namespace: 'global-admin', load: async () => (await import('./locales/en.json')).default },
});
