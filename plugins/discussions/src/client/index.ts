import { definePlugin, hasPermission } from '@discovery/plugin-api';
import { discussionsPermissions, discussionsRoute } from '../common';
import { discussionsModule } from './module';

export default definePlugin({
  id: 'discussions',
  titleKey: 'discussions:title',
  module: discussionsModule,
  routes: [
    {
      ref: discussionsRoute,
      requires: hasPermission(discussionsPermissions.read.resource, 'read'),
      load: () => import('./pages/DiscussionsPage'),
    },
  ],
  nav: [
    {
      target: discussionsRoute,
      category: 'toolbox',
      labelKey: 'discussions:nav',
      icon: 'cube',
      visibleWhen: hasPermission(discussionsPermissions.read.resource, 'read'),
    },
  ],
  i18n: { namespace: 'discussions', load: async () => (await import('./locales/en.json')).default },
});
