import { allOf, definePlugin, hasModule, hasPermission } from '@discovery/plugin-api';
import { amsPermissions, amsRoute, audienceBuilderRoute, audienceDetailRoute, audiencesOverviewRoute, audiencesPermissions } from '../common';
import { audiencesModule } from './module';

const canRead = hasPermission(audiencesPermissions.read.resource, 'read');
// SHELL-005: the overview entry shows where the audiences module is accessible in the context.
const overviewVisible = allOf(canRead, hasModule('audiences_overview'));
const canCreate = hasPermission(audiencesPermissions.create.resource, 'create');
const canReadAms = hasPermission(amsPermissions.read.resource, 'read');

export default definePlugin({
  id: 'audiences',
  titleKey: 'audiences:title',
  module: audiencesModule,
  routes: [
    { ref: audiencesOverviewRoute, requires: canRead, load: () => import('./pages/OverviewPage') },
    { ref: audienceDetailRoute, requires: canRead, load: () => import('./pages/DetailPage') },
    // Only a user who may create audiences is offered the builder (its cards, nav item and route
    // share this predicate), not refused at Save (issue 14 §3).
    { ref: audienceBuilderRoute, requires: allOf(canRead, canCreate), load: () => import('./pages/BuilderPage') },
    { ref: amsRoute, requires: canReadAms, load: () => import('./pages/AmsPage') },
  ],
  // SHELL-008 DESIGN: audiences → Overview, Builder, AMS; SHELL-007: AMS disabled without ams_activation.read.
  nav: [
    { target: audiencesOverviewRoute, category: 'audiences', labelKey: 'audiences:nav.overview', icon: 'people', order: 1, visibleWhen: overviewVisible },
    {
      target: audienceBuilderRoute,
      category: 'audiences',
      labelKey: 'audiences:nav.builder',
      icon: 'build',
      order: 2,
      visibleWhen: allOf(overviewVisible, canCreate),
    },
    {
      target: amsRoute,
      category: 'audiences',
      labelKey: 'audiences:nav.ams',
      icon: 'send-to',
      order: 3,
      visibleWhen: overviewVisible,
      enabledWhen: canReadAms,
    },
  ],
  i18n: { namespace: 'audiences', load: async () => (await import('./locales/en.json')).default },
});
