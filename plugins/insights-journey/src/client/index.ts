import { definePlugin, hasPermission } from '@discovery/plugin-api';
import { insightsJourneyPermissions, insightsJourneyRoute } from '../common';
import { insightsJourneyModule } from './module';

export default definePlugin({
  id: 'insights-journey',
  titleKey: 'insights-journey:title',
  module: insightsJourneyModule,
  routes: [
    {
      ref: insightsJourneyRoute,
      requires: hasPermission(insightsJourneyPermissions.read.resource, 'read'),
      load: () => import('./pages/InsightsJourneyPage'),
    },
  ],
  nav: [
    {
      target: insightsJourneyRoute,
      category: 'insights',
      labelKey: 'insights-journey:nav',
      icon: 'cube',
      visibleWhen: hasPermission(insightsJourneyPermissions.read.resource, 'read'),
    },
  ],
  i18n: { namespace: 'insights-journey', load: async () => (await import('./locales/en.json')).default },
});
