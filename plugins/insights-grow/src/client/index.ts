import { allOf, definePlugin, hasFeatureFlag, hasModule, hasPermission } from '@discovery/plugin-api';
import { growRoute, mekkosPermissions } from '../common';

const canRead = hasPermission(mekkosPermissions.read.resource, 'read');
// GROW-002: mekkos.read and the client's 'grow' feature flag (the flag comes with the hierarchy,
// so the route can decide at once); the nav item also waits for the accessible 'grow' module.
const canView = allOf(canRead, hasFeatureFlag('grow'));

export default definePlugin({
  id: 'insights-grow',
  titleKey: 'insights-grow:title',
  pageModule: async () => (await import('./module')).growModule,
  routes: [{ ref: growRoute, requires: canView, load: () => import('./pages/GrowPage') }],
  nav: [
    { target: growRoute, category: 'insights', labelKey: 'insights-grow:nav', icon: 'grid-view', order: 10, visibleWhen: allOf(canView, hasModule('grow')) },
  ],
  i18n: { namespace: 'insights-grow', load: async () => (await import('./locales/en.json')).default },
});
