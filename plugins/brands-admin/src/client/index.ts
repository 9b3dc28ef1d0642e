import { definePlugin, hasPermission } from '@discovery/plugin-api';
import { brandsAdminPermissions, brandsAdminRoute } from '../common';
import { brandsAdminModule } from './module';

export default definePlugin({
  id: 'brands-admin',
  titleKey: 'brands-admin:title',
  module: brandsAdminModule,
  routes: [
    {
      ref: brandsAdminRoute,
      requires: hasPermission(brandsAdminPermissions.read.resource, 'read'),
      load: () => import('./pages/BrandsAdminPage'),
    },
  ],
  nav: [
    {
      target: brandsAdminRoute,
      category: 'insights',
      labelKey: 'brands-admin:nav',
      icon: 'cube',
      visibleWhen: hasPermission(brandsAdminPermissions.read.resource, 'read'),
    },
  ],
  permissions: [brandsAdminPermissions.read, brandsAdminPermissions.create],
  i18n: { namespace: 'brands-admin', load: async () => (await import('./locales/en.json')).default },
});
