import { allOf, definePlugin, hasModule, hasPermission } from '@discovery/plugin-api';
import { growRoute, mekkosPermissions } from '../common';
import { growModule } from './module';

// GROW-002: mekkos.read and the client's 'grow' module.
const canView = allOf(hasPermission(mekkosPermissions.read.resource, 'read'), hasModule('grow'));

export default definePlugin({
  id: 'insights-grow',
  titleKey: 'insights-grow:title',
  module: growModule,
  routes: [{ ref: growRoute, requires: canView, load: () => import('./pages/GrowPage') }],
  nav: [{ target: growRoute, category: 'insights', labelKey: 'insights-grow:nav', icon: 'grid-view', order: 10, visibleWhen: canView }],
  i18n: { namespace: 'insights-grow', load: async () => (await import('./locales/en.json')).default },
});
