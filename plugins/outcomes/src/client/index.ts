import { allOf, definePlugin, hasFeatureFlag, hasModule, hasPermission } from '@discovery/plugin-api';
import { MEASURE_FLAG, outcomeTimeframesPermissions, outcomesMeasureRoute } from '../common';

// OUT-001: outcome_timeframes.read and the client's 'measure' feature flag; the nav item also waits for the accessible module.
const canView = allOf(hasPermission(outcomeTimeframesPermissions.read.resource, 'read'), hasFeatureFlag(MEASURE_FLAG));

export default definePlugin({
  id: 'outcomes',
  titleKey: 'outcomes:title',
  pageModule: async () => (await import('./module')).outcomesModule,
  routes: [{ ref: outcomesMeasureRoute, requires: canView, load: () => import('./pages/MeasurePage') }],
  nav: [
    {
      target: outcomesMeasureRoute,
      category: 'outcomes',
      labelKey: 'outcomes:nav',
      icon: 'timeline-line-chart',
      order: 10,
      visibleWhen: allOf(canView, hasModule(MEASURE_FLAG)),
    },
  ],
  i18n: { namespace: 'outcomes', load: async () => (await import('./locales/en.json')).default },
});
