import { allOf, definePlugin, hasFeatureFlag, hasModule, hasPermission } from '@discovery/plugin-api';
import { journeyBuilderRoute, journeyRoute, journeysPermissions as P } from '../common';

// JRN-002: the viewer needs journeys.read, the builder create, read and update; both the client's 'journey' flag.
const canView = allOf(hasPermission(P.read.resource, 'read'), hasFeatureFlag('journey'));
const canBuild = allOf(canView, hasPermission(P.create.resource, 'create'), hasPermission(P.update.resource, 'update'));

export default definePlugin({
  id: 'insights-journey',
  titleKey: 'insights-journey:title',
  pageModule: async () => (await import('./module')).insightsJourneyModule,
  routes: [
    { ref: journeyRoute, requires: canView, load: () => import('./pages/JourneyPage') },
    { ref: journeyBuilderRoute, requires: canBuild, load: () => import('./pages/JourneyBuilderPage') },
  ],
  nav: [
    {
      target: journeyRoute,
      category: 'insights',
      labelKey: 'insights-journey:nav',
      icon: 'path',
      order: 20,
      visibleWhen: allOf(canView, hasModule('journey')),
    },
  ],
  i18n: { namespace: 'insights-journey', load: async () => (await import('./locales/en.json')).default },
});
