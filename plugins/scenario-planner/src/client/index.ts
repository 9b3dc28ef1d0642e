import { allOf, definePlugin, hasFeatureFlag, hasPermission } from '@discovery/plugin-api';
import { SCENARIOS_FLAG, scenarioPlannerRoute } from '../common';
import { scenarioPlannerModule } from './module';
import { ScenarioPlannerStoreToken } from './stores/ScenarioPlannerStore';

/** SCN-001: curves create, read and update, and the client's 'scenarios' flag. */
export const canManageScenarios = allOf(
  hasPermission('curves', 'create'),
  hasPermission('curves', 'read'),
  hasPermission('curves', 'update'),
  hasFeatureFlag(SCENARIOS_FLAG),
);

export default definePlugin({
  id: 'scenario-planner',
  titleKey: 'scenario-planner:title',
  module: scenarioPlannerModule,
  routes: [{ ref: scenarioPlannerRoute, requires: canManageScenarios, load: () => import('./pages/ScenarioPlannerPage') }],
  // SHELL-008 DESIGN: plans → Scenario Planner Management.
  nav: [
    {
      target: scenarioPlannerRoute,
      category: 'plans',
      labelKey: 'scenario-planner:nav',
      icon: 'timeline-line-chart',
      order: 200,
      visibleWhen: canManageScenarios,
    },
  ],
  provides: [ScenarioPlannerStoreToken],
  i18n: { namespace: 'scenario-planner', load: async () => (await import('./locales/en.json')).default },
});
