import { definePlugin, hasPermission } from '@discovery/plugin-api';
import { brandsAdminPermissions, brandsAdminRoutes } from '../common';

const page = () => import('./pages/BrandsAdminPage');
// BRAND-002 DESIGN: the routes need brands.read; without it the page is the shared 'Missing
// Permissions' state (BRAND-003). The other actions are checked per control. SHELL-053: the
// hierarchy selector is disabled here.
const guard = hasPermission(brandsAdminPermissions.brandsRead.resource, 'read');

export default definePlugin({
  id: 'brands-admin',
  titleKey: 'brands-admin:title',
  pageModule: async () => (await import('./module')).brandsAdminModule,
  routes: [
    { ref: brandsAdminRoutes.client, requires: guard, onDenied: 'missing-permissions', disablesHierarchySelector: true, load: page },
    { ref: brandsAdminRoutes.region, requires: guard, onDenied: 'missing-permissions', disablesHierarchySelector: true, load: page },
  ],
  i18n: { namespace: 'brands-admin', load: async () => (await import('./locales/en.json')).default },
});
