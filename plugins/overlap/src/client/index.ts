import { allOf, definePlugin, hasFeatureFlag, hasPermission } from '@discovery/plugin-api';
import { comparisonPermissions, overlapChartRoute, overlapRoute } from '../common';

// OVL-001: comparisons.read and the client's 'overlap' flag (the flag that opens the overlap module,
// SRV-018; the flag is known with the hierarchy, the modules only a call later).
const canRead = allOf(hasPermission(comparisonPermissions.read.resource, 'read'), hasFeatureFlag('overlap'));
const load = () => import('./pages/OverlapPage');

export default definePlugin({
  id: 'overlap',
  titleKey: 'overlap:title',
  pageModule: async () => (await import('./module')).overlapModule,
  routes: [
    { ref: overlapRoute, requires: canRead, load },
    { ref: overlapChartRoute, requires: canRead, load },
  ],
  nav: [{ target: overlapRoute, category: 'insights', labelKey: 'overlap:nav', icon: 'heat-grid', order: 3, visibleWhen: canRead }],
  i18n: { namespace: 'overlap', load: async () => (await import('./locales/en.json')).default },
});
