import { createRouteRef, definePermission } from '@discovery/plugin-api';

/** SCN-001: Scenario Planner Management at plans/admin under the product context. */
export const scenarioPlannerRoute = createRouteRef({ id: 'scenario-planner.admin', scope: 'product', path: 'plans/admin' });

/** 002 §6: `curves` CRU for the screen, `curves.destroy` for a saved row, `plans.destroy` for an import. */
export const curvePermissions = {
  create: definePermission('curves', 'create'),
  read: definePermission('curves', 'read'),
  update: definePermission('curves', 'update'),
  destroy: definePermission('curves', 'destroy'),
};
export const planPermissions = {
  create: definePermission('plans', 'create'),
  read: definePermission('plans', 'read'),
  destroy: definePermission('plans', 'destroy'),
};
export const allScenarioPlannerPermissions = [...Object.values(curvePermissions), ...Object.values(planPermissions)];

/** SCN-001: the client feature flag that gates the screen (and, on the server, its API). */
export const SCENARIOS_FLAG = 'scenarios';
